//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: the increment moves f by threadIdx.x twice, so
// thread t ends with f = 2t (exact in float).  Thread 0 (f = 0) skips the
// barrier and threads 1..63 (f ≥ 2) reach it.  A float moved by the
// increment must not keep its value from before the loop (0 in every
// thread), which would make the condition alike in all threads.
__global__ void k(int *a)
{
  float f = 0;
  for (int i = 0; i < 2; i++, f += threadIdx.x) {
  }
  if (f > 0.5f)
    __syncthreads();
  a[threadIdx.x] = threadIdx.x;
}
