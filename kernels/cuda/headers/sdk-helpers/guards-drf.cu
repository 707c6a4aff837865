//pass
//--blockDim=256 --gridDim=64 -I Common
// NVIDIA's include guards: the project's helper_cuda.h (Common/, found
// through -I before mapcheck's own) declares `checkCudaErrors`,
// `findCudaDevice` and the device function `globalIndex` only when
// `__DRIVER_TYPES_H__` and `__CUDA_RUNTIME_H__` are defined, as NVIDIA's
// headers define them.  The kernel copies with `i = globalIndex()` =
// blockIdx.x * 256 + threadIdx.x: each thread reads in[i] and writes out[i]
// alone, distinct for distinct threads of the grid, so no two threads touch
// the same cell of `out` and `in` is only read.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define N (64 * 256)

__global__ void copy(const float *in, float *out) {
  unsigned int i = globalIndex();
  out[i] = in[i];
}

int main() {
  findCudaDevice();
  float *in, *out;
  checkCudaErrors(cudaMalloc(&in, N * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, N * sizeof(float)));
  checkCudaErrors(cudaMemset(in, 0, N * sizeof(float)));
  copy<<<N / 256, 256>>>(in, out);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(in));
  checkCudaErrors(cudaFree(out));
  return 0;
}
