//pass
//--gridDim=195 --blockDim=128
// A grid-stride loop over N = 100000 paths, each thread writing T = 87
// steps of its path at path + t * N (the layout of the CUDA SDK's
// MC_SingleAsianOptionP generatePaths).  The loop keeps path < N, so the
// index is the two-digit number (t, path) in base N and two threads
// write the same element only for the same path — one thread.  The
// solver saw b + 24960 k + 100000 t and searched it by branch and bound.
#define N 100000
#define T 87
__global__ void paths(float *out)
{
  for (int path = blockIdx.x * blockDim.x + threadIdx.x; path < N; path += blockDim.x * gridDim.x)
    for (int t = 0; t < T; t++)
      out[path + t * N] = 1.0f * t + path;
}
