//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The constructor's initialiser list leaves out `v`, so its default
// member initialiser runs: mark() writes s[0] = threadIdx.x in every
// thread, threads 0 and 1 with different values, before the barrier.
__shared__ int s[64];

__device__ int mark()
{
  s[0] = threadIdx.x;
  return 1;
}

struct S {
  int i;
  int v = mark();
  __device__ S(int t) : i(t) {}
};

__global__ void k(int *out)
{
  S x(threadIdx.x);
  __syncthreads();
  out[x.i] = s[threadIdx.x] + x.v;
}
