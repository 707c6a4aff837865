//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes b[t] and then the lvalue a[t]; no cell is
// touched by two threads.
__global__ void k(int *a)
{
  __shared__ int b[64];
  (b[threadIdx.x] = 1, a[threadIdx.x]) = threadIdx.x;
}
