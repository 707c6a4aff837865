//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the declaration `Mark m;` runs the user's default constructor,
// which writes s[0] in every thread: threads 0 and 1 write 0 and 1 there,
// unordered (the barrier comes after).
__shared__ int s[64];

struct Mark {
  __device__ Mark() { s[0] = threadIdx.x; }
};

__global__ void k(int *a)
{
  Mark m;
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}
