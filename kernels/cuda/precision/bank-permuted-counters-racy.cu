//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy: as bank-permuted-counters-drf.cu, but the column forgets bits 4-5
// of t: pos = (t & ~63) | ((t & 15) << 2), so threads 0 and 16 share
// column 0 and both write s[0] (and s[i * 128]) before the barrier.
__global__ void counts(unsigned int *out, const unsigned int *data)
{
  __shared__ unsigned char s[64 * 128];
  unsigned int t = threadIdx.x;
  unsigned int pos = (t & ~63u) | ((t & 15u) << 2);
  for (int i = 0; i < 64; i++)
    s[i * 128 + pos] = 0;
  __syncthreads();
  for (int i = 0; i < 64; i++)
    s[i * 128 + pos] += (unsigned char)data[blockIdx.x * 128 + t];
  __syncthreads();
  if (t < 64) {
    unsigned int sum = 0;
    for (int j = 0; j < 128; j++)
      sum += s[t * 128 + j];
    out[blockIdx.x * 64 + t] = sum;
  }
}
