//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The twin of precision/ctor-pointer-member-drf.cu whose threads
// all build Writer(s + 5, t): the constructor writes s[5] = t through its
// pointer member in every thread, threads 0 and 1 with different values
// and no barrier between them.
struct Writer {
  int *p;
  __device__ Writer(int *q, int v) : p(q) { *p = v; }
};

__global__ void k(int *out)
{
  __shared__ int s[64];
  Writer w(s + 5, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
