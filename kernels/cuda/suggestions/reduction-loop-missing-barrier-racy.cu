//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// suggest-precondition: none
// suggest-fix: 21
// A tree reduction whose loop lacks its barrier: in round k thread t
// (t < k) reads s[t + k], which thread t + k wrote in the round before
// (when t + k < 2k) with no barrier in between: a race (racy).  A
// __syncthreads() at the end of the loop body (before line 21, the loop's
// closing brace) separates every round from the next, and all 256 threads
// reach it in each of the 8 rounds (the loop's bounds do not depend on the
// thread): race-free, no divergence.
__global__ void reduce(const float *in, float *out)
{
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
