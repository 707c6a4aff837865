//pass
//--blockDim=[64] --gridDim=[4]
// Race-free: each thread owns one byte column of the per-block histogram,
// at pos = (t & ~63) | ((t & 15) << 2) | ((t & 48) >> 4): the group of 64
// (t - t % 64), then t's low four bits times 4, plus bits 4-5 of t as
// 0..3.  The three parts occupy disjoint bits, and (t % 16, t / 16 % 4)
// determines t % 64, so pos is a permutation of 0..127 (with the 64
// threads of the launch, of 0..63: the group part is 0).  Every counter
// s[i * 128 + pos] is then touched by one thread only.
__global__ void counts(unsigned int *out, const unsigned int *data)
{
  __shared__ unsigned char s[64 * 128];
  unsigned int t = threadIdx.x;
  unsigned int pos = (t & ~63u) | ((t & 15u) << 2) | ((t & 48u) >> 4);
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
