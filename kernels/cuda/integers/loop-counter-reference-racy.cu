//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: r is a reference to the loop counter i.  Iteration i = 0 writes
// a[2t]; at i = 1 the body sets r (= i) to 2 and writes a[2t + 2]; then i = 3
// ends the loop.  Thread 0 writes a[2] (value 0) in its second iteration and
// thread 1 writes a[2] (value 1) in its first; unordered.
__global__ void k(int *a)
{
  for (int i = 0; i < 2; i++) {
    int &r = i;
    if (r == 1) r = 2;
    a[2 * threadIdx.x + i] = threadIdx.x;
  }
}
