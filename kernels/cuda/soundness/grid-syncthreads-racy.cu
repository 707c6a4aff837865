//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[2]
// Racy across blocks: __syncthreads() orders threads of one block only.
// Block 0, thread 0 writes a[0]; block 1, thread 0 reads a[0] after its own
// block's barrier, which does not wait for block 0.  Unordered write/read.
__global__ void k(int *a)
{
  if (blockIdx.x == 0) a[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (blockIdx.x == 1) a[128 + threadIdx.x] = a[threadIdx.x];
}
