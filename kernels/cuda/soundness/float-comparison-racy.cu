//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: with f[t] = 0.5 for all t, 0 < f[t] < 1 holds and every thread
// writes out[0] with its own index.
__global__ void k(const float *f, int *out)
{
  float v = f[threadIdx.x];
  if (v > 0 && v < 1) out[0] = threadIdx.x;
}
