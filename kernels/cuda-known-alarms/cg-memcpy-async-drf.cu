// expect: known-alarm
//--blockDim=64 --gridDim=1
// Race-free, and mapcheck answers unknown: the block copies in[0..64) into
// s asynchronously, waits for the copy (cg::wait), and only then each
// thread reads its neighbour's element s[threadIdx.x ^ 1]; no thread
// writes s otherwise.  mapcheck does not follow when an asynchronous copy
// writes (cooperative_groups/memcpy_async.h), so the kernel is unknown.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void stage(const int *in, int *out)
{
  __shared__ int s[64];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, s, in, sizeof(int) * 64);
  cg::wait(block);
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
