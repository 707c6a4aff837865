//pass
//--blockDim=64 --gridDim=1
// Race-free: a block-wide phase, then a warp-wide one.  Thread t writes
// s[t] (phases 1 and 3), reads s[(t + 32) % 64] (phase 2: the other warp)
// and s[t ^ 1] (phase 4: its own warp).  Cell c is read across warps by
// thread (c + 32) % 64 in phase 2, between two __syncthreads() that order
// it against c's writes of phases 1 and 3; it is read by c ^ 1 in phase 4,
// after the __syncwarp() of their common warp, which orders it against c's
// write of phase 3 (and the earlier barriers against phase 1).
__global__ void swap(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  int a = s[(t + 32) % 64];
  __syncthreads();
  s[t] = a;
  __syncwarp();
  out[t] = s[t ^ 1];
}
