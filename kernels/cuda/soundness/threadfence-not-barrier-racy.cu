//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: __threadfence() orders one thread's own accesses, it does not wait
// for others.  Thread 1 writes a[1]; thread 0 reads a[1]; unordered.
__global__ void k(int *a, int *out)
{
  a[threadIdx.x] = threadIdx.x;
  __threadfence();
  out[threadIdx.x] = a[(threadIdx.x + 1) % 64];
}
