//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each thread takes a ticket and gives it back, so the next thread
// can get the same one: thread 0 adds (gets v) and subtracts, then thread 1
// adds and gets v too; both write out[v] with their own ids.
__global__ void k(unsigned *count, int *out)
{
  unsigned j = atomicAdd(count, 1u);
  atomicSub(count, 1u);
  out[j] = threadIdx.x;
}
