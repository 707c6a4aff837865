//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop moves j through the reference r declared before it, so
// thread t writes a[t] and then a[t + 1]: thread 0's second write and
// thread 1's first are both to a[1], unordered.  (The first loop of
// reference-moved-in-loop-racy.cu alone: a loop that havocs r but not
// what r stands for keeps j at t and answers DRF.)
__global__ void k(int *a)
{
  int j = threadIdx.x;
  int &r = j;
  for (int i = 0; i < 2; i++) {
    a[j] = threadIdx.x;
    r++;
  }
}
