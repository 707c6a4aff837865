//pass
//--blockDim=[128] --gridDim=[1]
// Race-free: only threads 0..31 stay, and t % 32 = t is distinct for them.
__global__ void k(int *a)
{
  if (threadIdx.x >= 32) return;
  a[threadIdx.x % 32] = threadIdx.x;
}
