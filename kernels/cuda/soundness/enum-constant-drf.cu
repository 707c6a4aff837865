//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: STRIDE = 1, SLOT = 0; thread t writes a[t] only.
enum { SLOT = 0, STRIDE = 1 };

__global__ void k(int *a)
{
  a[threadIdx.x * STRIDE + SLOT] = threadIdx.x;
}
