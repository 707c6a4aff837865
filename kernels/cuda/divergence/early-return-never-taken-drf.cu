//pass
//--blockDim=256 --gridDim=255
// Race-free: `if (id > len) return;` before a barrier, with len = 65536
// required and 255 blocks of 256 threads: the largest id is
// 255 * 256 - 1 = 65279 < 65536, so no thread returns and every thread
// reaches the barrier.  Thread 0 of each block writes the block's shared
// cell before the barrier; every thread reads it after it, and adds it to
// its own element of `data`.
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
