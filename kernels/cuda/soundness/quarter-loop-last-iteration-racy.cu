//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop divides s by 4 from n down to 1 (s > 0); with n = 8 it
// runs for s = 8 and s = 2, and in its last iteration, s = 2, thread 0
// writes sh[2]; after the loop, with no barrier in between, thread 1 reads
// sh[2 * 1] = sh[2].  The start is a parameter, so the loop is not
// unrolled: a front end that runs it over every s from n down to 1 ends
// it at s = 1, whose write, sh[1], is read by nobody (the reads are of
// even cells), and the race of the real last iteration (s = 1, 2 or 3,
// depending on n) is lost behind the barrier of the added iteration s = 1.
// Halving down to 1 always ends on 1 (halving-loop-last-iteration-racy.cu);
// dividing by 4 does not.
__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[4096];
  __requires(n >= 8);
  __requires(n <= 4096);
  for (unsigned s = n; s > 0; s /= 4) {
    __syncthreads();
    if (threadIdx.x == 0)
      sh[s] = 1;
  }
  out[threadIdx.x] = sh[2 * threadIdx.x];
}
