//xfail:NOT_ALL_VERIFIED
// The grid-stride loop of grid-stride-drf.cu reading its right neighbour:
// thread g writes a[g] while thread g - 1 reads a[g] (k = 0 for both, any
// n > g).  A race within a block and across blocks.
__global__ void shift(float *a, int n)
{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i + 1];
}
