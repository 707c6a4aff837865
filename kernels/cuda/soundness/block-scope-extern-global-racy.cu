//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `extern __device__ int m[64];` inside put() declares the file-scope
// m, not a new array.  Thread t writes m[t] in the kernel and m[(t+1) % 64]
// in put(): thread 0 writes m[1] in put() while thread 1 writes m[1] in the
// kernel, values 0 and 1, with no barrier between them.
__device__ int m[64];

__device__ void put(int t)
{
  extern __device__ int m[64];
  m[(t + 1) % 64] = t;
}

__global__ void k(int *out)
{
  int t = threadIdx.x;
  m[t] = t;
  put(t);
}
