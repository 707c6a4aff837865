//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the only launch passes `in` = `out` + 1 (through the local `src`,
// which nothing changes), so out[i] = in[i] reads d[i + 1], which thread
// i + 1 writes: threads 0 and 1 race on d[1].  Pointer parameters are
// assumed distinct only when no launch in the file shows otherwise.
__global__ void shift(float *out, const float *in)
{
  int i = threadIdx.x;
  out[i] = in[i];
}

int main()
{
  float *d;
  cudaMalloc(&d, 65 * sizeof(float));
  float *src = d + 1;
  shift<<<1, 64>>>(d, src);
  return 0;
}
