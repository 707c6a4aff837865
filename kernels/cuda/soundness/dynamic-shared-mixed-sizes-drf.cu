//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the two views of dynamic shared memory split it.  Thread t
// writes the int a[t] (bytes 4t..4t+3, all below 256) and the double
// b[32 + t] (bytes 256 + 8t .. 256 + 8t + 7): the int part and the double
// part do not overlap, and within each part the threads' elements differ.
// After the barrier each thread reads its own a[t].
extern __shared__ int a[];

__global__ void k(float *out)
{
  extern __shared__ double b[];
  a[threadIdx.x] = threadIdx.x;
  b[32 + threadIdx.x] = 1.0;
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x] + b[32 + threadIdx.x];
}
