//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `record` receives a reference to one struct in shared memory and
// every thread of the block stores its index into the same field
// `s.last`, with no barrier or atomic between the stores.
struct Stats { int last; int pad; };

__device__ void record(Stats &s, int v)
{
  s.last = v;
}

__global__ void track(int *out)
{
  __shared__ Stats stats;
  record(stats, threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = stats.last;
}
