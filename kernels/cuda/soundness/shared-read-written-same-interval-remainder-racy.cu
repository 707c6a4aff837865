//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: every thread reads s[0], but thread 63 stores to s[0] in the same
// barrier interval, so threads may read different values (before or after
// the store), and with them different offsets t % 64: the store itself
// also races with the other threads' reads of s[0].  (A value computed
// from a read is alike in all threads only when the read is.)
__global__ void k(float *out, const int *q)
{
  __shared__ int s[1];
  if (threadIdx.x == 0)
    s[0] = q[0];
  __syncthreads();
  int t = s[0];
  if (threadIdx.x == 63)
    s[0] = t + 7;
  out[(t % 64) + 64 + threadIdx.x] = (float)threadIdx.x;
}
