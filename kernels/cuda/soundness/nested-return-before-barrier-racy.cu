//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: the odd threads return (the return is nested in a
// branch, not the last statement of one), so they never reach the
// barrier that the even threads wait at.
__global__ void k(int *a)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x & 1) {
    if (threadIdx.x > 0) return;
  }
  __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
