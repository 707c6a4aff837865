//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: *(a + t) is a[t]; one writer per cell.
__global__ void k(int *a)
{
  *(a + threadIdx.x) = threadIdx.x;
}
