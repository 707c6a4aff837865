//pass
//--blockDim=128 --gridDim=64
// Race-free (Parboil cutcp's pattern): a loop with barriers bounded by a
// `__constant__ int` the host sets.  Kernels do not write constant
// memory, so every thread reads the same bound and all reach the same
// barriers.  In each iteration thread t writes cache[t] between the two
// barriers and reads all of cache only after the second one.
__constant__ int count;

__global__ void k(const float *bins, float *out)
{
  __shared__ float cache[128];
  float e = 0.0f;
  for (int n = 0; n < count; n++) {
    __syncthreads();
    cache[threadIdx.x] = bins[n * 128 + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 128; i++)
      e += cache[i];
  }
  out[blockIdx.x * 128 + threadIdx.x] = e;
}
