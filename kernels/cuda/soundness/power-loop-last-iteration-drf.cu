//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: power-loop-last-iteration-racy.cu with a barrier after the
// loop.  Inside the loop only thread 0 writes (one cell per iteration, each
// iteration after a barrier), and the reads after the loop come after the
// final barrier.
__global__ void k(int *out, unsigned n)
{
  __shared__ int s[128];
  __requires(n % 2 == 0);
  __requires(n <= 64);
  for (unsigned size = 1; size < n; size *= 2) {
    __syncthreads();
    if (threadIdx.x == 0)
      s[size] = 1;
  }
  __syncthreads();
  out[threadIdx.x] = s[2 * threadIdx.x];
}
