//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// Barrier divergence: the twin of shared-flag-branch-drf.cu where each
// thread reads its own cell of a shared flag array; the cells hold the
// per-element flags, which may differ, so threads of a block may disagree
// on entering the conditional with the barriers.
__global__ void two_pass(float *data, const int *needs_pass)
{
  __shared__ int again[256];
  __shared__ float buf[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  buf[threadIdx.x] = data[i];
  again[threadIdx.x] = needs_pass[i];
  __syncthreads();
  if (again[threadIdx.x]) {
    float left = threadIdx.x > 0 ? buf[threadIdx.x - 1] : 0.0f;
    __syncthreads();
    buf[threadIdx.x] += left;
    __syncthreads();
  }
  data[i] = buf[threadIdx.x];
}
