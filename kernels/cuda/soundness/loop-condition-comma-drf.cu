//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each thread writes its own cell b[t] in the condition, and
// a[i·64 + t] in the body: every index is written by one thread only.
__global__ void k(int *a, int *b)
{
  for (int i = 0; b[threadIdx.x] = i, i < 4; i++) {
    a[i * 64 + threadIdx.x] = threadIdx.x;
  }
}
