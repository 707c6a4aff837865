//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each thread reads the shared round number `r` at the top of an
// iteration, before any barrier of it, and uses it on both sides of the
// iteration's barriers.  The write of buf at the end of round k (after the
// last barrier) and the read at the start of round k + 1 (before the
// first) are in one barrier interval, with different values of r
// (r_{k+1} = r_k + 1): thread 63 of round k writes buf[64 r_k + 64] =
// buf[64 r_{k+1}], which thread 0 reads at the start of round k + 1.
__global__ void rounds(float *out, int n)
{
  __shared__ float buf[64 * 64 + 64];
  __shared__ int r;
  unsigned t = threadIdx.x;
  if (t == 0) r = 0;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    int v = r;
    float x = buf[v * 64 + t];
    __syncthreads();
    if (t == 0) r = r + 1;
    __syncthreads();
    buf[v * 64 + t + 1] = x + 1.0f;
  }
  out[t] = buf[t];
}
