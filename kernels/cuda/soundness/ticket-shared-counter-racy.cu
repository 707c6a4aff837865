//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Racy across blocks: the counter is `__shared__`, one per block, so
// thread 0 of block 0 and thread 0 of block 1 (the first to add in each
// block, say) both get ticket 0 and write out[0] with different blocks'
// ids.  Tickets are distinct only among the threads that share a counter.
__global__ void k(int *out)
{
  __shared__ unsigned count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  unsigned j = atomicAdd(&count, 1u);
  out[j] = blockIdx.x;
}
