//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: in each round thread 0 sets the shared count of active
// threads, and after a barrier every thread runs the same number of
// steps (the count is the same for all threads of the round);
// each step is fenced by barriers, and each round begins and ends with
// one, so nothing of one round meets the next.
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
        __syncthreads();
        s[t] = s[t] + v;
        __syncthreads();
      }
    }
    __syncthreads();
  }
  data[t] = s[t];
}
