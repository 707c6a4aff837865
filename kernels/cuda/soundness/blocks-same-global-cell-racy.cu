//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[2]
// Racy across blocks: thread 0 of block 0 and thread 0 of block 1 both write
// a[0], with values 0 and 1; nothing orders different blocks.
__global__ void k(int *a)
{
  a[threadIdx.x] = blockIdx.x;
}
