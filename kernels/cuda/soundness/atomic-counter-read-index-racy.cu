//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2 --only-intra-group
// Racy within a block: the global counter is written only by atomics, and
// the other block's atomics go on while this block reads it, so two
// threads of one block may read different values.  A schedule: counter
// starts at 0; block 0's 64 atomicAdds make it 64; after the barrier,
// thread 1 of block 0 reads c = 64; thread 0 of block 1 adds 1; thread 0
// of block 0 reads c = 65.  Then thread 0 writes s[(0 + 65) % 64] = s[1]
// and thread 1 writes s[(1 + 64) % 64] = s[1], each its own threadIdx.x
// (different values, so not a benign same-value write): two threads of block 0
// write one cell with no barrier between, a race within the block (the
// question --only-intra-group asks; the plain reads of `counter` race
// only with the other block's atomics, outside it).  Were c alike in
// every thread of a block, (t + c) % 64 would differ for t != t' and the
// writes to s would not meet: the atomics are what make c differ.
__global__ void k(int *counter, float *out)
{
  __shared__ float s[64];
  atomicAdd(counter, 1);
  __syncthreads();
  unsigned c = *counter;
  s[(threadIdx.x + c) % 64] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
