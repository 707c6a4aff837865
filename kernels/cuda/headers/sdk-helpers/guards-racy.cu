//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 -I Common
// The same project helper header as guards-drf.cu (its `globalIndex` is
// declared only under NVIDIA's guard `__CUDA_RUNTIME_H__`), with a kernel
// that pairs up threads: threads 2k and 2k+1 of the grid both write
// out[k] (`globalIndex() / 2`), with different values, so any two
// neighbouring threads of a block race on `out`.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define N (64 * 256)

__global__ void pairs(const float *in, float *out) {
  unsigned int i = globalIndex();
  out[i / 2] = in[i];
}

int main() {
  findCudaDevice();
  float *in, *out;
  checkCudaErrors(cudaMalloc(&in, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, N / 2 * sizeof(float)));
  pairs<<<N / 256, 256>>>(in, out);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
