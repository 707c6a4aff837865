//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: two counters, count[0] for even threads and count[1] for odd
// ones; each hands out its own tickets 0, 1, 2, … (from the same initial
// value, say 0), so thread 0 and thread 1 can both get ticket 0 and write
// out[0] with their own ids.
__global__ void k(unsigned *count, int *out)
{
  unsigned j = atomicAdd(&count[threadIdx.x % 2], 1u);
  out[j] = threadIdx.x;
}
