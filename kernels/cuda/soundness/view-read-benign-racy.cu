//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: after the barrier s[0] = 0x10001.  Odd threads store the int s[0]
// = 65537 in out[0], even threads the short hs[0], its lower half, = 1.
// Threads 0 and 1 write 1 and 65537 to out[0], unordered: the two writes
// store reads of "s at index 0", but of elements of different sizes, so
// they are not a benign pair.
__global__ void k(int *out)
{
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = 0x10001;
  __syncthreads();
  short *hs = (short *)s;
  if (threadIdx.x & 1)
    out[0] = s[0];
  else
    out[0] = hs[0];
}
