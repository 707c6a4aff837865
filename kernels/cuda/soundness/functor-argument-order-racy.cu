//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: f(threadIdx.x, 0) runs F::operator()(i = threadIdx.x, j = 0), which
// writes s[j] = s[0] in every thread: threads 0 and 1 write 0 and 1 there,
// unordered (the barrier comes after).
__shared__ int s[64];

struct F {
  __device__ void operator()(int i, int j) const { s[j] = threadIdx.x; }
};

__global__ void k(int *a)
{
  F f;
  f(threadIdx.x, 0);
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}
