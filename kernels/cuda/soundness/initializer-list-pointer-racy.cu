//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the initializer list stores a pointer to `s` in a local struct;
// thread t writes s[t + 1] through it and thread t + 1 writes s[t + 1]
// directly, before any barrier.  A pointer stored by an initializer list
// escapes the model: the kernel must not be answered DRF.
struct holder { int *p; };
__global__ void k(int *out)
{
  __shared__ int s[65];
  holder h = {s};
  h.p[threadIdx.x + 1] = 1;
  s[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
