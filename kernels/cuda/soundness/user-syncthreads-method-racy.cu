//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: b.__syncthreads() calls the user's method, whose body is empty: no
// barrier orders thread 1's write of s[1] and thread 0's read of it.
struct Barrier {
  __device__ void __syncthreads() {}
};

__global__ void k(int *a)
{
  __shared__ int s[64];
  Barrier b;
  s[threadIdx.x] = threadIdx.x;
  b.__syncthreads();
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
