//xfail:NOT_ALL_VERIFIED
//--gridDim=195 --blockDim=128
// grid-stride-rows-drf.cu with rows 128 elements shorter than the paths:
// path p + N - 128 at step t writes out[p + N - 128 + t * (N - 128)],
// which path p writes at step t + 1.  For p = 0 that is path 99872 =
// 4 * 24960 + 32: thread 32 of block 0 in its fifth iteration, against
// thread 0 of block 0 — a race within a block (and across blocks).
#define N 100000
#define T 87
__global__ void paths(float *out)
{
  for (int path = blockIdx.x * blockDim.x + threadIdx.x; path < N; path += blockDim.x * gridDim.x)
    for (int t = 0; t < T; t++)
      out[path + t * (N - 128)] = 1.0f * t + path;
}
