//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 computes (2^32 - 1) % 48 = 15 (2^32 - 1 = 48 * 89478485
// + 15) and thread 16 computes 15 % 48 = 15: both write a[15], unordered.
__global__ void k(int *a)
{
  a[(threadIdx.x - 1u) % 48] = threadIdx.x;
}
