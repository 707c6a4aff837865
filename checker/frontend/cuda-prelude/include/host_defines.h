/* mapcheck's SDK-free CUDA headers: execution-space qualifiers and the
 * attribute macros of the CUDA toolkit's host_defines.h, for clang's CUDA
 * mode (`-x cuda --cuda-device-only -nocudainc`).  `__noinline__` is not
 * defined: clang treats it as a keyword in CUDA mode, and a macro would
 * break `__attribute__((__noinline__))` in the C++ standard library. */
#ifndef __MAPCHECK_HOST_DEFINES_H
#define __MAPCHECK_HOST_DEFINES_H

#define __HOST_DEFINES_H__ /* NVIDIA's include guard */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __thread_local__
#define __grid_constant__
#define __cluster_dims__(...)
#define __location__(a) __##a##__
#define __cudart_builtin__
#define __device_builtin__
#define __device_builtin_texture_type__ __attribute__((device_builtin_texture_type))
#define __device_builtin_surface_type__ __attribute__((device_builtin_surface_type))
#define __specialization_static
#define __CUDA_ALIGN__(n) __align__(n)
#define CUDARTAPI
#define CUDAAPI
#define CURANDAPI
#define __CUDA_DEPRECATED

/* One function-like helper: (T)0 for any type, without a definition. */
#define __MAPCHECK_CAT_(a, b) a##b
#define __MAPCHECK_CAT(a, b) __MAPCHECK_CAT_(a, b)

#endif
