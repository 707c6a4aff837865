//pass
//--blockDim=64 --gridDim=4
// Race-free: every thread of every block adds to count[0] through a
// cuda::atomic_ref of device scope; atomic operations of device scope do
// not race with each other, and no thread reads or writes count[0]
// otherwise.  out[g] is written by thread g alone (g is the global index).
#include <cuda/atomic>

__global__ void tally(int *count, int *out)
{
  unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> c(count[0]);
  int ticket = c.fetch_add(1, cuda::memory_order_relaxed);
  out[g] = ticket;
}
