//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: the odd threads return inside the switch and never
// reach the barrier after it, which the even threads wait at.
__global__ void k(int *a)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  switch (threadIdx.x & 1) {
  case 1:
    return;
  default:
    break;
  }
  __syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
