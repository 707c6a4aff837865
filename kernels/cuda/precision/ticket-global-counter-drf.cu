//pass
//--blockDim=[64] --gridDim=[16]
// Race-free: stream compaction.  Every change of the global counter is an
// `atomicAdd` of 1, so the old values it returns, over all threads of all
// blocks, are distinct (the launch has 1024 threads, far fewer than 2^32
// additions): no two threads write the same out[j].  The reads of `in` are
// at each thread's own index.
__global__ void compact(const int *in, int *out, unsigned *count)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (v > 0) {
    unsigned j = atomicAdd(count, 1u);
    out[j] = v;
  }
}
