//--blockDim=64 --gridDim=1
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: memory orders order nothing here (cuda/std/atomic)
// Race-free: thread 0 writes data[0], then stores 1 into the flag with
// release order; thread 32 (another warp) spins until it loads 1 with
// acquire order, then reads data[0].  The acquire load that reads the
// release store orders thread 0's write before thread 32's read (C++
// memory model, which libcu++ follows at block scope for shared memory).
// No other thread touches data or flag besides the atomic loads.
#include <cuda/atomic>

__global__ void handoff(int *out)
{
  __shared__ int data[1];
  __shared__ int flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
  if (threadIdx.x == 0) {
    data[0] = 42;
    f.store(1, cuda::memory_order_release);
  }
  if (threadIdx.x == 32) {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[0] = data[0];
  }
}
