//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Outer's constructor does not initialise its field `in`, so In's
// default constructor runs for it first: it writes s[0] = threadIdx.x in
// every thread, threads 0 and 1 with different values, before the barrier.
__shared__ int s[64];

struct In {
  int z;
  __device__ In() : z(0) { s[0] = threadIdx.x; }
};

struct Outer {
  In in;
  int i;
  __device__ Outer(int t) : i(t) {}
};

__global__ void k(int *out)
{
  Outer o(threadIdx.x);
  __syncthreads();
  out[o.i] = s[threadIdx.x];
}
