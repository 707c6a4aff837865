//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t touches only b[t] and a[t] (even if a and b alias, only
// index t), so no cell has two threads.
__global__ void k(int *a, int *b)
{
  b[threadIdx.x] = -1;
  int v = b[threadIdx.x];
  if (v < 0) a[threadIdx.x] = threadIdx.x;
}
