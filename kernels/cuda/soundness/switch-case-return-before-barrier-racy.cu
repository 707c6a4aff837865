//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: with n = 0 the odd threads return before the
// barrier of case 0, which the even threads wait at.
__global__ void k(int *a, int n)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  switch (n) {
  case 0:
    if (threadIdx.x & 1) return;
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    break;
  default:
    break;
  }
}
