//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: the odd threads return inside the switch and never
// reach the barrier after it, which the even threads wait at; the barrier
// is in `sync`, called through the function pointer `fp`.  (The check for
// a barrier after a `return` did not look through function pointers: the
// barrier was taken as reached by all threads, DRF.)
__device__ void sync() { __syncthreads(); }
__global__ void k(int *a)
{
  __shared__ int s[64];
  void (*fp)() = sync;
  s[threadIdx.x] = threadIdx.x;
  switch (threadIdx.x & 1) {
  case 1:
    return;
  default:
    break;
  }
  fp();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
