// expect: known-unknown
//--blockDim=64 --gridDim=1
// Racy, and mapcheck answers unknown: every thread issues an asynchronous
// copy of one element into s[threadIdx.x] and reads its neighbour's
// element s[threadIdx.x ^ 1] without waiting for the copies (no
// consumer_wait, no barrier): thread 0 reads s[1] while thread 1's copy
// may still write it.  mapcheck does not follow when an asynchronous copy
// writes (cuda/pipeline), so any kernel with one is unknown.
#include <cuda/pipeline>

__global__ void stage(const int *in, int *out)
{
  __shared__ int s[64];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(int), pipe);
  pipe.producer_commit();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}
