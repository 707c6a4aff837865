//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  Each round of the loop over powers is an inner loop of two
// phases, each after a barrier: thread t copies b[(t + size) % 64] into
// a[t], then, after the next barrier, a[t] back into b[t].  Every read of
// b is a barrier away from every write of b (the write of the round
// before, the write of the same round), and likewise for a; the barrier
// after the loop orders the last round against the read of a.  The bound
// is a parameter, so the loop is not unrolled: the front end runs it over
// every size from 1 to n - 1, which adds rounds, each beginning with a
// barrier like the real ones; so the added rounds add no race.
__global__ void k(int *out, unsigned n)
{
  __shared__ int a[64];
  __shared__ int b[64];
  b[threadIdx.x] = threadIdx.x;
  for (unsigned size = 1; size < n; size *= 2) {
    for (unsigned j = 0; j < 2; j++) {
      __syncthreads();
      if (j == 0)
        a[threadIdx.x] = b[(threadIdx.x + size) % 64];
      else
        b[threadIdx.x] = a[threadIdx.x];
    }
  }
  __syncthreads();
  out[threadIdx.x] = a[(threadIdx.x + 1) % 64];
}
