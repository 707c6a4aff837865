//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: threads 0..4 jump over the barrier to `skip`, the
// others wait at it.
__global__ void k(int *a)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = a[t];
  if (t < 5)
    goto skip;
  __syncthreads();
  a[t] = s[(t + 1) % 64];
skip:
  a[64 + t] = 0;
}
