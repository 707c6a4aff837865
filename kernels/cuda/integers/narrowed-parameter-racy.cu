//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy for n = 255 (well below the assumed 2^31): (unsigned char)(n + 1)
// is 256 mod 256 = 0, so thread 1 writes a[0] while thread 0 writes a[0],
// unordered.
__global__ void k(int *a, unsigned n)
{
  if (threadIdx.x == 0) a[0] = 1;
  if (threadIdx.x == 1) a[(unsigned char)(n + 1)] = 2;
}
