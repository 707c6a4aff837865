//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread t writes s[t + 1] before the loop, and thread t + 1 writes
// s[t + 1] in the loop's first iteration (x = 0 of 0..3), before its
// first barrier: the two writes are unordered.  Only the first iteration
// writes, so a loop counting up must be emitted counting up: emitted in
// the other order, x = 0 would come last, after barriers.  (With a bound
// n, n = 1 makes the first iteration the last too.)
__global__ void k()
{
  __shared__ int s[65];
  s[threadIdx.x + 1] = 1;
  for (int x = 0; x < 4; x++) {
    if (x == 0)
      s[threadIdx.x] = 2;
    __syncthreads();
  }
}
