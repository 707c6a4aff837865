//pass
//--blockDim=256
// Race-free: stream compaction with an atomic cursor of type `int`.  Every
// change of the cursor is an `atomicAdd` of 1, so it returns a different
// old value to every thread (of every block: the cursor is global), and
// the writes out[slot] never collide.  (Until this session mapcheck kept
// this file in kernels/cuda-known-alarms/: it took an atomic's result for
// an arbitrary value, and two threads could pick the same slot.)
__global__ void compact(const int *in, int *out, int *cursor)
{
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v != 0) {
    int slot = atomicAdd(cursor, 1);
    out[slot] = v;
  }
}
