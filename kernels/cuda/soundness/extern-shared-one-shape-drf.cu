//pass
//--blockDim=32 --gridDim=1
// Race-free: both `extern __shared__` declarations have rows of 16 ints;
// thread t writes a[t / 16][t % 16] and, after the barrier, reads
// b[1 - t / 16][t % 16], another row — every write is ordered before
// every read by the barrier.

__global__ void k(int *out)
{
  extern __shared__ int a[][16];
  extern __shared__ int b[][16];
  a[threadIdx.x / 16][threadIdx.x % 16] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = b[1 - threadIdx.x / 16][threadIdx.x % 16];
}
