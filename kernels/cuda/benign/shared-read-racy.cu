//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: as shared-read-drf.cu, but thread 0 overwrites s[0] after the last
// barrier, in the interval where the other threads read it.  A thread that
// reads s[0] before thread 0's store stores the sum in out[0], one that
// reads it after stores 0: two different values, unordered (and s[0] has a
// read/write race too).
__global__ void sum(const unsigned int *in, unsigned int *out)
{
  __shared__ unsigned int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int i = 16; i > 0; i /= 2) {
    if (t < i)
      s[t] += s[t + i];
    __syncthreads();
  }
  if (t == 0)
    s[0] = 0;
  out[0] = s[0];
}
