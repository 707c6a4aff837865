//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: the while-loop reduction without the barrier between rounds.  In
// the round with i = 128, thread 64 writes cache[64]; in the next round
// (i = 64), thread 0 reads cache[64] — with no barrier in between, the
// two accesses are unordered.
__global__ void dot(float *c)
{
  __shared__ float cache[256];
  cache[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i)
      cache[threadIdx.x] += cache[threadIdx.x + i];
    i /= 2;
  }
  if (threadIdx.x == 0)
    c[blockIdx.x] = cache[0];
}
