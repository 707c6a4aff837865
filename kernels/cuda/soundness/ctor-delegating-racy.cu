//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `G g(t);` runs G(int), which delegates to G() before its body:
// G() writes s[0] = threadIdx.x in every thread, threads 0 and 1 with
// different values, before the barrier.
__shared__ int s[64];

struct G {
  int i;
  __device__ G() : i(0) { s[0] = threadIdx.x; }
  __device__ G(int t) : G() { i = t; }
};

__global__ void k(int *out)
{
  G g(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + g.i;
}
