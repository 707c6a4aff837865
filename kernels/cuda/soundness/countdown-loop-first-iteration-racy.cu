//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Before the loop every thread t writes sh[t], with no barrier
// before the loop's first iteration (its barrier ends the body).  That
// iteration is i = n (n >= 256): thread 0 reads sh[i - n + 5] = sh[5] in
// the same phase as thread 5's write of sh[5].  (Later iterations read
// after a barrier; for i < n - 5 the unsigned index wraps far past the
// array.)  Emitted counting up, the first phase would hold iteration
// i = 1, whose index 6 - n wraps: the race is lost.
__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[64];
  __requires(n >= 256);
  __requires(n < 4096);
  sh[threadIdx.x] = threadIdx.x;
  for (unsigned i = n; i >= 1; i--) {
    if (threadIdx.x == 0)
      out[i] = sh[i - n + 5];
    __syncthreads();
  }
}
