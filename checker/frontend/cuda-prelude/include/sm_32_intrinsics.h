/* mapcheck: cached loads and stores (CUDA's sm_32_intrinsics.h).  A load
 * through the read-only or another cache reads `*ptr`, a store writes it:
 * each has that body, so the front end sees the access (a cache hint
 * orders nothing). */
#ifndef __MAPCHECK_SM_32_INTRINSICS_H
#define __MAPCHECK_SM_32_INTRINSICS_H
#define __SM_32_INTRINSICS_H__ /* NVIDIA's include guard */
#include "host_defines.h"

template <typename T> __device__ __forceinline__ T __ldg(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ T __ldcg(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ T __ldca(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ T __ldcs(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ T __ldlu(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ T __ldcv(const T *ptr) { return *ptr; }
template <typename T> __device__ __forceinline__ void __stwb(T *ptr, T value) { *ptr = value; }
template <typename T> __device__ __forceinline__ void __stcg(T *ptr, T value) { *ptr = value; }
template <typename T> __device__ __forceinline__ void __stcs(T *ptr, T value) { *ptr = value; }
template <typename T> __device__ __forceinline__ void __stwt(T *ptr, T value) { *ptr = value; }

#endif
