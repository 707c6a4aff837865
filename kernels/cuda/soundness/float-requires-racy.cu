//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement 0 < f[t] < 1 is satisfiable by floats
// (f[t] = 0.5 for all t), and then every thread writes out[0].
__global__ void k(const float *f, int *out)
{
  __requires(f[threadIdx.x] > 0 && f[threadIdx.x] < 1);
  out[0] = threadIdx.x;
}
