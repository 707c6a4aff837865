//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: as power-of-two-parameter-drf.cu, but thread t writes
// s[t - (t & (size - 1))] = s[t - t % size], the first cell of its group
// of `size` threads: for size = 2 threads 0 and 1 both write s[0] before
// any barrier, with different values; for size = 0, `t & ~0u` is t and
// every thread writes s[0].  Only size = 1 is race-free.
__global__ void groups(unsigned int *out, unsigned int size)
{
  __requires((size & (size - 1)) == 0);
  __shared__ unsigned int s[1024];
  unsigned int t = threadIdx.x;
  unsigned int pos = t - (t & (size - 1));
  s[pos] = t;
  __syncthreads();
  out[t] = s[t];
}
