// expected: DRF (//pass), but mapcheck reports a data-dependent alarm: see README
//--blockDim=256
// Stream compaction with an atomic cursor: atomicAdd returns a different
// old value to every thread, so the writes out[slot] never collide.
// mapcheck models the value returned by an atomic as a thread-local
// unknown (it does not know atomics hand out distinct values), so two
// threads may pick the same slot: a data-dependent, spurious alarm.
__global__ void compact(const int *in, int *out, int *cursor)
{
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v != 0) {
    int slot = atomicAdd(cursor, 1);
    out[slot] = v;
  }
}
