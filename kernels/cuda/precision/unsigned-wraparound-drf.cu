//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: threads 0 and 1 (wrapped i > 100) write a[64] and a[65];
// threads 2..63 write a[t - 2] in 0..61.  All cells distinct.
__global__ void k(int *a)
{
  unsigned i = threadIdx.x - 2;
  if (i > 100) a[64 + threadIdx.x] = threadIdx.x;
  else a[i] = threadIdx.x;
}
