//pass
// Race-free: the only launch runs 64 threads, each writing its own a[t % 64]
// = a[t].  Naming the kernel in cudaFuncSetAttribute and
// cudaOccupancyMaxPotentialBlockSize sets or queries its attributes without
// launching it, so the launch still fixes blockDim.x = 64.
__global__ void k(int *a)
{
  a[threadIdx.x % 64] = threadIdx.x;
}

int main()
{
  int *a;
  int grid, block;
  cudaMalloc(&a, 64 * sizeof(int));
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  cudaOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, 0);
  k<<<1, 64>>>(a);
  cudaDeviceSynchronize();
  return 0;
}
