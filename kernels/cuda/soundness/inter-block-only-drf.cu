//pass
//--blockDim=[1] --gridDim=[2]
// Race-free: block b's single thread updates a[b]; distinct cells.
__global__ void k(int *a)
{
  a[blockIdx.x] += 1;
}
