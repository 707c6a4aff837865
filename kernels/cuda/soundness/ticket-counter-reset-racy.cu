//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 may reset the counter after other threads took tickets
// (no barrier orders them), so a later ticket repeats an earlier one:
// thread 1 takes ticket 0, thread 0 resets to 0 and takes 0 again; both
// write out[0].  (The reset itself also races with the atomics.)
__global__ void k(unsigned *count, int *out)
{
  if (threadIdx.x == 0)
    count[0] = 0;
  unsigned j = atomicAdd(count, 1u);
  out[j] = threadIdx.x;
}
