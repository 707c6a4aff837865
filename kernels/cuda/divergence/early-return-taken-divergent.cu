//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=300
// Barrier divergence: the twin of early-return-never-taken-drf.cu with
// 300 blocks.  Block 256 holds the ids 65536..65791: thread 0 (id 65536)
// stays, threads 1..255 (ids above len) return before the barrier that
// thread 0 waits at.
__global__ void add_block_sum(int *data, const int *block_sums, int len)
{
  __requires(len == 65536);
  __shared__ int sum;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id > len)
    return;
  if (threadIdx.x == 0)
    sum = block_sums[blockIdx.x];
  __syncthreads();
  data[id] += sum;
}
