//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: the mask keeps one bit too many (t & stride instead of
// t & (stride - 1)): with stride = 1, thread 1 writes s[2 - 1] = s[1] and
// thread 0 writes s[0]; with stride = 2, thread 2 writes s[4 - 2] = s[2]
// and thread 1 writes s[2 - 0] = s[2] in the same round.
__global__ void rounds(unsigned int *out)
{
  __shared__ unsigned int s[512];
  unsigned int t = threadIdx.x;
  for (unsigned int stride = 1; stride <= 64; stride <<= 1) {
    unsigned int pos = 2 * t - (t & stride);
    s[pos] = t;
    __syncthreads();
  }
  out[t] = s[t];
}
