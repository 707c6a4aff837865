//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: every `extern __shared__` array is the same dynamic shared
// memory, so b[1][j] (rows of 16 ints) is a[16 + j].  Thread t < 16 reads
// b[1][t] = a[16 + t], which thread 16 + t writes, with no barrier in
// between.  The two declarations have different shapes: an index of `b`
// ([1][t]) is not an index of `a` ([16 + t]), so they must not be
// compared as they are.

__global__ void k(int *out)
{
  extern __shared__ int a[];
  extern __shared__ int b[][16];
  a[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = b[1][threadIdx.x % 16];
}
