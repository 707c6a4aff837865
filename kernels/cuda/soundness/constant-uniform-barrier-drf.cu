//pass
//--blockDim=[64] --gridDim=[1]
// DRF: whatever value the host gives the __constant__ c, every thread
// reads the same one, so all threads or none reach the barrier; each
// thread writes s[t] and reads s[(t + 1) % 64] after the barrier (or, with
// c <= 0, only its own cell).
__constant__ int c = 1;
__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (c > 0) {
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}
