//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: put's local t is threadIdx.x (not the caller's t = 0), so
// thread t writes a[t] only.
__device__ void put(int *a, int v)
{
  int t = threadIdx.x;
  a[t] = v;
}

__global__ void k(int *a)
{
  int t = 0;
  put(a, t);
}
