//pass
//--blockDim=256 --gridDim=1
// Race-free.  Declaring a cooperative-groups tile builds an object that
// holds no data (it touches no memory).  Thread t writes s[t] before the
// block barrier and reads s[(t + 32) % 256] after it; out[t] is written
// by thread t only.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(const int *in, int *out)
{
  __shared__ int s[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  s[threadIdx.x] = in[threadIdx.x];
  block.sync();
  out[threadIdx.x] = s[(threadIdx.x + 32) % 256];
}
