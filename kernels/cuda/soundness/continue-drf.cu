//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: at i = 3 thread t writes a[4t + 3]; distinct per thread.
__global__ void k(int *a)
{
  for (int i = 0; i < 4; i++) {
    if (i != 3) continue;
    a[4 * threadIdx.x + i] = threadIdx.x;
  }
}
