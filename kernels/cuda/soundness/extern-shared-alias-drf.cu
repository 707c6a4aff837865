//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: s1 and s2 alias (one dynamic shared region); thread t writes
// s1[t] before the barrier and reads s2[(t+1)%64] after it.  The barrier
// orders every write before every read.
__global__ void k(int *out)
{
  extern __shared__ int s1[];
  extern __shared__ int s2[];
  s1[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s2[(threadIdx.x + 1) % 64];
}
