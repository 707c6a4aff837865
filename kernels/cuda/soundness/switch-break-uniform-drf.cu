//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the break depends on the parameter m only, so all the threads
// of the block leave case 0 together or reach its barrier together; each
// writes s[t] before the barrier and reads its neighbour's cell after it.
__global__ void k(int *a, int n, int m)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  switch (n) {
  case 0:
    if (m > 2) break;
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    break;
  default:
    break;
  }
}
