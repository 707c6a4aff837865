//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: make() returns a temporary Box that dies at the end of the full
// expression `int v = make().x;`, running the user's destructor ~Box(),
// which writes s[0] in every thread: threads 0 and 1 write 0 and 1 there,
// unordered (the barrier comes after).
__shared__ int s[64];

struct Box {
  int x;
  __device__ ~Box() { s[0] = threadIdx.x; }
};

__device__ Box make()
{
  Box b;
  b.x = 1;
  return b;
}

__global__ void k(int *a)
{
  int v = make().x;
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x] + v;
}
