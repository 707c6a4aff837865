//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: the do/while test depends on the thread.  Thread t
// starts at j = t: thread 0 runs the body 5 times, thread 4 once, so
// thread 4 leaves while thread 0 waits at the barriers of its second
// iteration.
__global__ void k(int *a)
{
  __shared__ int s[64];
  int j = threadIdx.x;
  do {
    s[threadIdx.x] = j;
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
    j += 1;
  } while (j < 5);
}
