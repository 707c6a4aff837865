//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the predicate of __syncthreads_or is evaluated before the barrier, so
// thread 0 reads s[1] while thread 1 writes s[1] before the barrier.
__global__ void k(int *out)
{
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  int any = __syncthreads_or(s[threadIdx.x ^ 1]);
  out[threadIdx.x] = any;
}
