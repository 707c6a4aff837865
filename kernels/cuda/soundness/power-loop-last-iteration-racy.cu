//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  With n = 10 the loop runs for size = 1, 2, 4, 8; in the last
// iteration thread 0 writes s[8], and after the loop, with no barrier in
// between, thread 4 reads s[2 * 4] = s[8].  The loop's bound is a
// parameter, so a front end that runs the loop over every size from 1 to
// n - 1 ends it at size = 9 (n is even: n - 1 is odd, never a power of
// two); its last write, s[9], is read by nobody, and the race of the real
// last iteration is lost behind the barrier of iteration 9.
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
  out[threadIdx.x] = s[2 * threadIdx.x];
}
