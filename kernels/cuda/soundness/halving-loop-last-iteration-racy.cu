//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop halves s from n / 2 down to 1 (n >= 256, so it starts at
// 128 or more); in its last iteration, s = 1, thread 0 writes sh[1], and
// after the loop, with no barrier in between, thread 1 reads sh[1].  A
// front end that emits the loop counting up (over every s from 1 to n / 2)
// ends it at s = n / 2 >= 128, a cell no thread reads, and loses the race.
__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[4096];
  __requires(n >= 256);
  __requires(n <= 4096);
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    __syncthreads();
    if (threadIdx.x == 0)
      sh[s] = 1;
  }
  out[threadIdx.x] = sh[threadIdx.x];
}
