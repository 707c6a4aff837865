//pass
//--blockDim=[64] --gridDim=[2]
// Race-free: block b writes a[64b + t] before the barrier and, after it, reads
// a[64b + (t+1)%64] (its own block's cells, ordered by the barrier) and writes
// a[128 + 64b + t] (one writer per cell).  No cell is touched by two blocks.
__global__ void k(int *a)
{
  a[blockIdx.x * 64 + threadIdx.x] = threadIdx.x;
  __syncthreads();
  int v = a[blockIdx.x * 64 + (threadIdx.x + 1) % 64];
  a[128 + blockIdx.x * 64 + threadIdx.x] = v;
}
