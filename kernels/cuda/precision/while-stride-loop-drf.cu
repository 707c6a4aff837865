//pass
//--blockDim=128 --gridDim=1000
// Race-free: a block-strided copy written as a while loop (Rodinia
// lavaMD): thread t writes s[t], s[t + 128], ... below 100 — with 128
// threads, only s[t] — each cell by one thread.
#define N 100
__global__ void load(const float *g, float *out)
{
  __shared__ float s[N];
  int w = threadIdx.x;
  while (w < N) {
    s[w] = g[blockIdx.x * N + w];
    w = w + 128;
  }
  __syncthreads();
  if (threadIdx.x < N)
    out[blockIdx.x * N + threadIdx.x] = s[N - 1 - threadIdx.x];
}
