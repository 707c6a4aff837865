//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: the same reduction as reduce-tail-drf.cu without --warp-sync.
// Under CUDA's independent thread scheduling nothing orders the threads
// of warp 0 between two statements: thread 1 writes s[1] (s[1] = s[1] +
// s[33]) while thread 0 reads s[0 + 1] in the same statement, with no
// barrier between them.
__global__ void reduce(int *in, int *out)
{
  __shared__ volatile int s[256];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned int k = 128; k > 32; k >>= 1) {
    if (t < k) s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t < 32) {
    s[t] = s[t] + s[t + 32];
    s[t] = s[t] + s[t + 16];
    s[t] = s[t] + s[t + 8];
    s[t] = s[t] + s[t + 4];
    s[t] = s[t] + s[t + 2];
    s[t] = s[t] + s[t + 1];
  }
  if (t == 0) out[0] = s[0];
}
