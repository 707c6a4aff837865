//pass
//--blockDim=[64] --gridDim=[8]
// Race-free: the increment moves `j` by a whole block, so block b's thread t
// writes a[2·64·b + t] (s = 1) and a[2·64·b + 64 + t] (s = 2).  Every index
// of [2·64·b, 2·64·(b + 1)) is written once, by one thread of one block.
__global__ void k(int *a)
{
  int j = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  for (int s = 1; s < 4; s *= 2, j += blockDim.x) {
    a[j] = threadIdx.x;
  }
}
