//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the requirement fixes n to 64, so t & (n - 1) is t & 63,
// which is t for every thread t < 64: thread t writes a[t] only.
__global__ void k(int *a, int n)
{
  __requires(n == 64);
  a[threadIdx.x & (n - 1)] = threadIdx.x;
}
