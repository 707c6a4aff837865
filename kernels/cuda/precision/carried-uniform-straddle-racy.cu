//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy, across iterations: after the barrier of an iteration, thread 0
// writes s[half + 1] with the doubled `half` (h' = 2 * half), and no
// barrier separates that write from the next iteration's reads, where
// thread 1 (1 < h') reads s[1 + h'].  With width = 2 and rounds = 2:
// after the first barrier thread 0 writes s[5] (h' = 4) while thread 1,
// in the second iteration, reads s[1 + 4].  The carried `half` is used
// on both sides of the barrier: one value shared by the two threads
// would hide the race (thread 0 writes s[2h + 1], thread 1 < h reads
// s[1 + h], never equal for one h).
__global__ void carried_straddle(float *out, const float *in, int width, int rounds)
{
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t + 256] = 0.0f;
  __syncthreads();
  int half = width;
  for (int it = 0; it < rounds; it++) {
    if (t > 0 && t < half)
      out[t] = s[t + half];
    __syncthreads();
    half = 2 * half;
    if (t == 0)
      s[half + 1] = 1.0f;
  }
}
