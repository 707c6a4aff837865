//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 stores buf in the shared pointer sp; after the barrier every
// thread writes sp[0] = buf[0]: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *out)
{
  __shared__ int buf[64];
  __shared__ int *sp;
  if (threadIdx.x == 0) sp = buf;
  __syncthreads();
  sp[0] = threadIdx.x;
}
