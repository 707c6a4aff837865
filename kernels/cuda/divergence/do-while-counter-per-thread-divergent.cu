//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Barrier divergence: the loop runs max(1, t) rounds in thread t, so
// thread 2 waits at the barrier of its second round, which thread 0
// (one round) never reaches.
__global__ void rotate(int *out)
{
  __shared__ int s[128];
  unsigned int t = threadIdx.x;
  int v = out[t];
  unsigned int r = 0;
  do {
    s[t] = v;
    __syncthreads();
    v += s[(t + 1) % 128];
    __syncthreads();
    r++;
  } while (r < t);
  out[t] = v;
}
