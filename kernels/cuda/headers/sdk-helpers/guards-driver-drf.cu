//pass
//--blockDim=[16,16] --gridDim=32 -I Common
// NVIDIA's guard of <cuda.h>: the project's helper_cuda.h (Common/)
// declares its driver API helpers (`checkCuErrors`) and the device function
// `blockThreadIndex` only when `__cuda_cuda_h__` is defined, which
// mapcheck's cuda.h does when the program includes <cuda.h> (and not when
// only mapcheck's prelude does).  The kernel stages one tile per block:
// thread t = threadIdx.y * 16 + threadIdx.x of block b writes tile[t] and
// out[b * 256 + t], reads in[b * 256 + t] and, after the barrier,
// tile[255 - t] — written by another thread of its block before the
// barrier.  Every written cell has one writer, and the only cells read by
// another thread are read after the barrier: race-free.
#include <cuda.h>
#include <helper_cuda.h>

__global__ void reverse_tiles(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned int t = blockThreadIndex();
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[255 - t];
}

int main() {
  checkCuErrors(cuInit(0));
  CUdevice device;
  checkCuErrors(cuDeviceGet(&device, 0));
  int major = 0, minor = 0;
  checkCuErrors(cuDeviceComputeCapability(&major, &minor, device));
  float *in, *out;
  checkCudaErrors(cudaMalloc(&in, 32 * 256 * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, 32 * 256 * sizeof(float)));
  reverse_tiles<<<32, dim3(16, 16)>>>(in, out);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
