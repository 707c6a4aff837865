//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: as counter-stepped-in-body-drf.cu, but without the barrier
// between the two half-steps: thread t reads b[t + 1] in the second half
// while thread t + 1 writes b[t + 1] in the first half of the same
// barrier interval (and thread t writes a[t] while thread t - 1 reads it).
#define CACHE 64
__global__ void walk(float *out, int steps)
{
  __shared__ float a[CACHE + 1];
  __shared__ float b[CACHE + 1];
  int t = threadIdx.x;
  for (int i = steps; i > 0; i -= 16) {
    int start = min(CACHE - 1, i);
    int end = start - 16;
    __syncthreads();
    if (t <= start)
      a[t] = out[t];
    for (int k = start - 1; k >= end;) {
      __syncthreads();
      b[t] = a[t] + a[t + 1];
      k--;
      a[t] = b[t] + b[t + 1];
      k--;
    }
    __syncthreads();
    if (t <= end)
      out[t] = a[t];
  }
}
