//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// suggest-precondition: none
// suggest-fix: replace 22
// A smoothing step whose barrier sits under the bounds guard: in the last
// block, when n is not a multiple of 128, the threads with i >= n skip the
// guarded block and its __syncthreads() while the others reach it —
// barrier divergence.  Closing the guard's block before the barrier and
// opening it again after (line 22 replaced by `} __syncthreads(); if (i <
// n) {`) lets every thread reach it; the guard's value does not change
// in between (nothing assigns i or n).  The edited kernel is race-free:
// each thread writes its own s[t] before the barrier and reads s[t] and
// s[(t + 1) % 128] after it (a cell no thread of the block wrote is read
// stale, which is no race), and each writes its own out[i].
__global__ void smooth(const float *in, float *out, int n)
{
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * 128 + t;
  if (i < n) {
    s[t] = in[i];
    __syncthreads();
    out[i] = s[t] + s[(t + 1) % 128];
  }
}
