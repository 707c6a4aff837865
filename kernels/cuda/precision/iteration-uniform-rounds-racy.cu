//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the same rounds, but a step reads its neighbour's cell and writes
// its own between the same two barriers.
__global__ void rounds(float *data, const int *count, int r)
{
  __shared__ float s[64];
  __shared__ int active;
  unsigned t = threadIdx.x;
  s[t] = data[t];
  for (int k = 0; k < r; k++) {
    __syncthreads();
    if (t == 0) active = count[k];
    __syncthreads();
    if (active > 1) {
      for (int d = 1; d < active; d++) {
        float v = 0.0f;
        if (t + d < 64) v = s[t + d];
        s[t] = s[t] + v;
        __syncthreads();
      }
    }
    __syncthreads();
  }
  data[t] = s[t];
}
