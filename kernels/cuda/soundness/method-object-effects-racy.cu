//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: pick(a)->m() first calls pick(a), which writes a[0] in every
// thread (threads 0 and 1 write 0 and 1, unordered); the method m itself
// does nothing.
struct M {
  __device__ int m() const { return 0; }
};

__device__ M obj;

__device__ M *pick(int *a)
{
  a[0] = threadIdx.x;
  return &obj;
}

__global__ void k(int *a)
{
  pick(a)->m();
}
