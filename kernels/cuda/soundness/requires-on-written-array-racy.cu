//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `perm` starts as the identity (the requirement), but thread t
// overwrites perm[t] before reading it back, so the value it reads is not
// the one the requirement speaks of: every thread sends out[0] its value.
__global__ void scatter(unsigned *perm, float *out)
{
  unsigned t = threadIdx.x;
  __requires(perm[threadIdx.x] == threadIdx.x);
  perm[t] = 0;
  out[perm[t]] = 1.0f * t;
}
