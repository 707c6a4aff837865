//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the default argument `s[threadIdx.x] = threadIdx.x`, evaluated
// at the call record(), writes the calling thread's own cell; after the
// barrier thread t reads s[t] and writes a[t].
__shared__ int s[64];

__device__ int record(int v = (s[threadIdx.x] = threadIdx.x)) { return v; }

__global__ void k(int *a)
{
  int v = record();
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x] + v;
}
