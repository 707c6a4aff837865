//pass
//--blockDim=[256]
// Race-free (under the printed assumption that the grid has fewer than
// 2^31 threads along x, so that the unsigned global index does not wrap
// around): each thread of the grid writes its own element.
__global__ void k(float *a)
{
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * a[i];
}
