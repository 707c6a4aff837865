//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: c is one __shared__ struct; c.set(t) writes c.v in every thread.
// Threads 0 and 1 write c.v = 0 and c.v = 1 before the barrier, unordered.
struct Cell {
  int v;
  __device__ void set(int x) { v = x; }
};

__global__ void k(int *out)
{
  __shared__ Cell c;
  c.set(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = c.v;
}
