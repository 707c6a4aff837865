//pass
//--blockDim=256 --gridDim=64 --grid-level
// Grid-level check (threads of different blocks): each block reduces its
// slice in shared memory, then thread 0 adds the partial sum to the global
// total with an atomic.  Atomics do not race with each other.
__global__ void sum_all(const float *in, float *total)
{
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(total, sdata[0]);
}
