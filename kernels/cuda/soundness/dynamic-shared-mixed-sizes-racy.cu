//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: every `extern __shared__` array starts at the same address, so the
// int a[2] (bytes 8..11) lies inside the double b[1] (bytes 8..15).  Thread
// 0 writes a[2], thread 1 writes b[1], with no barrier between.  The
// indices differ (2 and 1): only a model in bytes sees that they meet.
extern __shared__ int a[];

__global__ void k(float *out)
{
  if (threadIdx.x == 0) a[2] = 1;
  extern __shared__ double b[];
  if (threadIdx.x == 1) b[1] = 2.0;
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x];
}
