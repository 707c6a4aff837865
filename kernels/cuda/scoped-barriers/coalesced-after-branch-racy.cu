//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: after the divergent branch on t % 2 == 0, coalesced_threads() is
// (at most) the even lanes that took it; its sync() orders those only.
// Thread 1 (odd) writes s[1] before the branch and never joins the group;
// thread 0 reads s[0 + 1] after even.sync(): no barrier thread 1 reaches
// lies between the write and the read.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void evens(const int *in, int *out)
{
  __shared__ int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t % 2 == 0) {
    cg::coalesced_group even = cg::coalesced_threads();
    even.sync();
    out[t] = s[t + 1];
  }
}
