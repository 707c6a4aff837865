//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: each thread leaves the loop when its own counter
// runs out, so threads with different counts reach different barriers.
__global__ void k(float *x, const int *count)
{
  unsigned t = threadIdx.x;
  int c = count[t];
  while (true) {
    if (c <= 0) break;
    __syncthreads();
    x[t] = x[t] + 1.0f;
    c--;
    __syncthreads();
  }
}
