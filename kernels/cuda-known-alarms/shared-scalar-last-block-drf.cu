//--blockDim=128
// expect: known-alarm
// expected: DRF (//pass), but mapcheck reports a data-dependent alarm across blocks: see docs/corpus.md
// The "last block" pattern of the CUDA SDK threadFenceReduction sample: a
// shared flag set by thread 0 from an atomic ticket, read by all after a
// barrier.  Only the last block to take a ticket writes `result`; which
// block that is depends on the atomic's value, which protocols abstract
// away, so the check across blocks raises a data-dependent alarm.
__device__ unsigned int retirementCount = 0;

__global__ void finish(float *partial, float *result)
{
  __shared__ bool amLast;
  if (threadIdx.x == 0) {
    __threadfence();
    unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast) {
    if (threadIdx.x == 0) {
      result[0] = partial[0];
      retirementCount = 0;
    }
  }
}
