//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: (t % 8, t / 8) is injective for t < 64, so thread t writes its
// own s[1][t % 8][t / 8]; after the barrier only reads.
__global__ void k(int *out)
{
  __shared__ int s[2][8][8];
  s[1][threadIdx.x % 8][threadIdx.x / 8] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[1][0][0];
}
