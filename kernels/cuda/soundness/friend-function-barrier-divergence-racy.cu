//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: `wait`, a friend function defined inside `S`, runs
// __syncthreads(), and only the threads below 32 call it.  Its body is in
// this file (a free function defined in the class), so it must be inlined
// like any other device function — not taken as a function without a body
// assumed to have no barrier.

struct S {
  int v;
  friend __device__ void wait(S s) { __syncthreads(); }
};

__global__ void k(int *out)
{
  S s = {1};
  if (threadIdx.x < 32) wait(s);
  out[threadIdx.x] = threadIdx.x;
}
