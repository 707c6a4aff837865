//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop counts i down from n (at least 256) to 1; in its last
// iteration, i = 1, thread 0 writes sh[1], and after the loop, with no
// barrier in between, thread 1 reads sh[1].  Emitted counting up (the same
// values, i = 1 first), the loop's last iteration writes sh[n], which no
// thread reads: the barrier order matters.
__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[4096];
  __requires(n >= 256);
  __requires(n < 4096);
  for (unsigned i = n; i >= 1; i--) {
    __syncthreads();
    if (threadIdx.x == 0)
      sh[i] = 1;
  }
  out[threadIdx.x] = sh[threadIdx.x];
}
