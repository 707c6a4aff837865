//pass
//--blockDim=32 --gridDim=1
// Race-free but for benign pairs (the end of the SDK's concurrentKernels
// `sum`): after the tree reduction and its barriers, every thread stores
// s[0] in out[0].  No thread writes s after the last barrier, so every
// thread reads the same s[0] and stores the same value: whichever store
// lands last, out[0] holds the sum.  The reduction itself is race-free
// (each step's writes s[t] and reads s[t + i], t < i, are separated by a
// barrier from the next step's).
__global__ void sum(const unsigned int *in, unsigned int *out)
{
  __shared__ unsigned int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int i = 16; i > 0; i /= 2) {
    if (t < i)
      s[t] += s[t + i];
    __syncthreads();
  }
  out[0] = s[0];
}
