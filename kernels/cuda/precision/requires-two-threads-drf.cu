//pass
//--blockDim=[256] --gridDim=[8]
// Race-free: stream compaction through an exclusive prefix sum.  The
// requirement (GPUVerify's two-thread form) says the offsets grow by at
// least each thread's flag: for g < h, offs[g] + flag[g] <= offs[h].  A
// thread writes only when its flag is set, so offs[g] < offs[h] for any
// two writers g < h, and no two write the same cell.
__global__ void compact(const unsigned *flag, const unsigned *offs, unsigned *out)
{
#define G (blockIdx.x * blockDim.x + threadIdx.x)
  __requires(__implies(G < __other_int(G), offs[G] + flag[G] <= offs[__other_int(G)]));
  __requires(__implies(G < __other_int(G), __add_noovfl(offs[G], flag[G])));
  unsigned g = G;
  if (flag[g] != 0) {
    out[offs[g]] = g;
  }
}
