//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: record() leaves out its argument, so the default argument
// `s[0] = threadIdx.x` is evaluated at the call, in every thread: threads 0
// and 1 write 0 and 1 to s[0], unordered (the barrier comes after).
__shared__ int s[64];

__device__ int record(int v = (s[0] = threadIdx.x)) { return v; }

__global__ void k(int *a)
{
  int v = record();
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x] + v;
}
