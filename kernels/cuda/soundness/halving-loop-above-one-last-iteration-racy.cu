//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy.  The loop halves s from n / 2 while s > 32; with n = 256 it runs
// for s = 128 and s = 64, and in its last iteration, s = 64, thread 0
// writes sh[64]; after the loop, with no barrier in between, thread 32
// reads sh[2 * 32] = sh[64].  The start is a parameter, so the loop is not
// unrolled: a front end that runs it over every s from n / 2 down to 33
// ends it at s = 33, whose write, sh[33], is read by nobody (the reads
// are of even cells), and the race of the real last iteration is lost
// behind the barrier of the added iterations.  Unlike
// halving-loop-last-iteration-racy.cu the loop stops above 1, so its last
// value is not known: any of 33 .. 65, depending on n.
__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[4096];
  __requires(n >= 256);
  __requires(n <= 4096);
  for (unsigned s = n / 2; s > 32; s >>= 1) {
    __syncthreads();
    if (threadIdx.x == 0)
      sh[s] = 1;
  }
  out[threadIdx.x] = sh[2 * threadIdx.x];
}
