//--blockDim=32 --gridDim=1
// expect: known-alarm
// expected: DRF (//pass), but mapcheck orders nothing at a partial mask (proofs-notes/scoped-barriers.md, Limits)
// Race-free in CUDA (sm_70+, independent thread scheduling), though a
// checker that orders nothing at a partial mask cannot prove it.  One warp.
// Lanes 0..15 call __syncwarp(0x0000ffff): each has its own bit set, and
// every lane the mask names executes a __syncwarp with that same mask, so
// the barrier is valid and orders the memory accesses of lanes 0..15.
// Thread 15 - t writes s[15 - t] before it, thread t reads it after it.
// Lanes 16..31 do the same among themselves with __syncwarp(0xffff0000)
// (a different barrier: under independent thread scheduling the two halves
// may sync at different call sites with disjoint masks) and read s[47 - t],
// in 16..31.  No access of one half touches a cell of the other half, and
// out[t] is written by thread t only.
__global__ void halves(const int *in, int *out)
{
  __shared__ int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t < 16) {
    __syncwarp(0x0000ffff);
    out[t] = s[15 - t];
  } else {
    __syncwarp(0xffff0000);
    out[t] = s[47 - t];
  }
}
