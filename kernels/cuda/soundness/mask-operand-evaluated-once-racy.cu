//xfail:NOT_ALL_VERIFIED
//--blockDim=[2] --gridDim=[1]
// Racy: k = -1 + t once the operand of the & has run, so thread 1 writes
// a[k + 1] = a[1] with its index 1, and thread 0 writes a[1] = 0.  (The
// operand k += t must be evaluated once: twice would make k = 2t - 1 and
// thread 1's cell a[2].  k is negative for thread 0, so x & (4 - 1) is
// not taken for x % 4.)
__global__ void k(int *a, int *b)
{
  int t = threadIdx.x;
  int k = -1;
  int y = (k += t) & (4 - 1);
  a[k + 1] = t;
  if (t == 0)
    a[1] = t;
  b[t] = y;
}
