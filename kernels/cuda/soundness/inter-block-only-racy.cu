//xfail:NOT_ALL_VERIFIED
//--blockDim=[1] --gridDim=[2]
// Racy across blocks: one thread per block; the single threads of blocks 0
// and 1 both read and write a[0] (a[0] += 1), unordered.
__global__ void k(int *a)
{
  a[0] += 1;
}
