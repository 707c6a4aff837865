// A project's own copy of an SDK-style helper header, found through the
// `-I Common` of the kernels' header flags before mapcheck's helper_cuda.h.
// Like NVIDIA's, it declares its helpers only for the CUDA headers it sees,
// by testing their include guards: the runtime's error helpers when
// <driver_types.h> was included, device selection and the launch helpers
// when <cuda_runtime.h> was, the driver API's helpers when the program
// included <cuda.h>.  Without those guards defined by mapcheck's headers,
// `checkCudaErrors`, `findCudaDevice`, `globalIndex`, `checkCuErrors` and
// `blockThreadIndex` would be undeclared, and the kernels that call
// `globalIndex` or `blockThreadIndex` would not compile.
#ifndef PROJECT_HELPER_CUDA_H
#define PROJECT_HELPER_CUDA_H

#include <stdio.h>
#include <stdlib.h>

#ifdef __DRIVER_TYPES_H__
static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }

template <typename T> void check(T result, const char *what, const char *file, int line) {
  if (result) {
    fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, what, errorName(result));
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

#ifdef __CUDA_RUNTIME_H__
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    fprintf(stderr, "no CUDA device\n");
    exit(EXIT_FAILURE);
  }
  checkCudaErrors(cudaSetDevice(0));
  return 0;
}

// The index of the calling thread in a one-dimensional grid.
__device__ __forceinline__ unsigned int globalIndex() { return blockIdx.x * blockDim.x + threadIdx.x; }
#endif

#ifdef __cuda_cuda_h__
static const char *driverErrorName(CUresult error) {
  const char *name = "unknown";
  cuGetErrorName(error, &name);
  return name;
}
inline void checkCu(CUresult result, const char *what, const char *file, int line) {
  if (result != CUDA_SUCCESS) {
    fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, what, driverErrorName(result));
    exit(EXIT_FAILURE);
  }
}
#define checkCuErrors(val) checkCu((val), #val, __FILE__, __LINE__)

// The index of the calling thread in a two-dimensional block.
__device__ __forceinline__ unsigned int blockThreadIndex() { return threadIdx.y * blockDim.x + threadIdx.x; }
#endif

#endif
