//pass
//--blockDim=128
// A switch on the thread's lane: each case writes a different quarter of
// the shared buffer; every case breaks.
__global__ void quarters(int *out)
{
  __shared__ int s[512];
  unsigned int t = threadIdx.x;
  switch (t % 4) {
  case 0:
    s[t] = 1;
    break;
  case 1:
    s[128 + t] = 2;
    break;
  case 2:
    s[256 + t] = 3;
    break;
  default:
    s[384 + t] = 4;
    break;
  }
  __syncthreads();
  out[t] = s[t] + s[t + 128] + s[t + 256] + s[t + 384];
}
