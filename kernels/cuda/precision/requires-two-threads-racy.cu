//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[8]
// Racy: the same compaction, but every thread writes, flag set or not.
// Two consecutive threads g < h with flag[g] == 0 may have offs[g] ==
// offs[h] (the requirement allows it), and both write that cell.
__global__ void compact(const unsigned *flag, const unsigned *offs, unsigned *out)
{
#define G (blockIdx.x * blockDim.x + threadIdx.x)
  __requires(__implies(G < __other_int(G), offs[G] + flag[G] <= offs[__other_int(G)]));
  __requires(__implies(G < __other_int(G), __add_noovfl(offs[G], flag[G])));
  unsigned g = G;
  out[offs[g]] = flag[g];
}
