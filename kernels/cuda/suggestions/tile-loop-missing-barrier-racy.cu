//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// suggest-precondition: none
// suggest-fix: 21
// A loop over tiles that lacks its second barrier: thread t reads
// s[127 - t] after the barrier of its round, while thread 127 - t may
// already be in the next round writing s[127 - t] (racy: a write after a
// read across rounds).  The reads and the next round's writes are
// separated by a __syncthreads() after the read (before line 21, the
// loop's closing brace), which every thread reaches in every round: the
// loop's bounds are the same for all threads.
__global__ void tiles(const float *in, float *out, int n)
{
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  float acc = 0.0f;
  for (int tile = 0; tile < n; ++tile) {
    s[t] = in[tile * 128 + t];
    __syncthreads();
    acc += s[127 - t];
  }
  out[blockIdx.x * 128 + t] = acc;
}
