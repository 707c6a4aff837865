//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// compare-exchange-pairs-drf.cu with the partner at pos + 3: thread 3
// (pos = 3) and thread 0 (pos + 3 = 3) both touch s[3], and the exchange
// writes it (when the keys are out of order): a race.
__global__ void step(unsigned *keys)
{
  __shared__ unsigned s[512];
  unsigned t = threadIdx.x;
  s[t] = keys[t];
  s[t + 256] = keys[t + 256];
  __syncthreads();
  unsigned pos = 2 * t - (t & 3);
  unsigned a = s[pos], b = s[pos + 3];
  if (a > b) {
    s[pos] = b;
    s[pos + 3] = a;
  }
  __syncthreads();
  keys[t] = s[t];
  keys[t + 256] = s[t + 256];
}
