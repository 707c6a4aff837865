/* mapcheck's CUDA prelude, force-included before every .cu file (clang
 * runs with `-nocudainc`: no CUDA installation is needed).  The headers are
 * mapcheck's own, in checker/cuda-prelude/include: embedded in the binary
 * and searched with -isystem, so `#include <cuda.h>`, <cuda_runtime.h>,
 * <curand_kernel.h>, <cooperative_groups.h>, <helper_math.h> … work.
 *
 * nvcc force-includes cuda_runtime.h; GPUVerify's front end provides all
 * of cuda.h (cuRAND, cooperative groups, math constants) and its
 * specification language, and the kernels written for it rely on that
 * without any include.  So the prelude includes cuda.h and
 * mapcheck_gpuverify.h. */
#ifndef MAPCHECK_CUDA_PRELUDE
#define MAPCHECK_CUDA_PRELUDE
#define __MAPCHECK__ 1
#define __MAPCHECK_IN_PRELUDE /* cuda.h leaves NVIDIA's guard __cuda_cuda_h__ to the file's own include */
#include "include/cuda.h" /* next to this file: never a user's cuda.h */
#undef __MAPCHECK_IN_PRELUDE
#include "include/mapcheck_gpuverify.h"
/* A kernel launched from device code (dynamic parallelism): clang rejects
 * any reference to a __global__ function in device code, so the front end
 * rewrites `child<<<grid, block>>>(args)` in a kernel, in place and keeping
 * every position, to `$dl(      grid, block)  (args)` (see
 * checker/frontend/src/cuda/clang/device_launch.rs) and knows the launch by
 * this call (docs/cuda-model.md, "Dynamic parallelism"). */
struct __mapcheck_device_launch {
  template <typename... Args> __device__ void operator()(Args...) const;
};
__device__ __mapcheck_device_launch $dl(dim3 grid, dim3 block, __SIZE_TYPE__ shared = 0,
                                        cudaStream_t stream = 0);
/* A file is parsed again with this defined when a kernel uses a file-scope
 * variable declared without `__device__` (GPUVerify takes those as device
 * memory): every global variable declared after the prelude is then a
 * device variable (the front end appends the matching `pop` to the file;
 * see Retry in checker/frontend/src/cuda/clang/mod.rs). */
#ifdef __MAPCHECK_HOST_GLOBALS_ON_DEVICE
#pragma clang attribute push(__attribute__((device)), apply_to = variable(is_global))
#endif
#endif
