//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: every thread stores in out[0] the value it read from s[t], its own
// cell, which differs between threads.  (The value comes from memory:
// mapcheck never takes such a value as the same for every thread.)
__global__ void last(const int *in, int *out)
{
  __shared__ int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  out[0] = s[t];
}
