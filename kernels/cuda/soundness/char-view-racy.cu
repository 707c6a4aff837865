//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: c[4t + 4] is the first byte of s[t + 1].  Thread 0 writes that byte
// of s[1]; thread 1 writes all of s[1]; unordered.
__global__ void k(int *out)
{
  __shared__ int s[65];
  char *c = (char *)s;
  s[threadIdx.x] = 0;
  c[4 * threadIdx.x + 4] = 1;
}
