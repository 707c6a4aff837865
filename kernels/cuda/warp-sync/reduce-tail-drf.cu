//pass
//--blockDim=256 --gridDim=1 --warp-sync=32
// Race-free under warp-synchronous execution (the assumption --warp-sync
// asks for: the 32 threads of a warp run each statement in lock-step, its
// reads before its writes).  The tail of the classic shared-memory
// reduction: only threads 0..31 (warp 0 of a 1-D block) run it.  In each
// statement thread t reads s[t + k] and writes s[t]; the reads of all 32
// threads happen before their writes, and successive statements are
// ordered, so no two accesses of warp 0 conflict.  The first loop is
// separated by barriers.  Without lock-step (CUDA >= 7 independent thread
// scheduling) thread 1's write of s[1] races with thread 0's read of
// s[0 + 1]: see reduce-tail-no-warp-sync-racy.cu.
__global__ void reduce(int *in, int *out)
{
  __shared__ volatile int s[256];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned int k = 128; k > 32; k >>= 1) {
    if (t < k) s[t] = s[t] + s[t + k];
    __syncthreads();
  }
  if (t < 32) {
    s[t] = s[t] + s[t + 32];
    s[t] = s[t] + s[t + 16];
    s[t] = s[t] + s[t + 8];
    s[t] = s[t] + s[t + 4];
    s[t] = s[t] + s[t + 2];
    s[t] = s[t] + s[t + 1];
  }
  if (t == 0) out[0] = s[0];
}
