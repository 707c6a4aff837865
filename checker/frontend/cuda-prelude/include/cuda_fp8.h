/* mapcheck: 8-bit floating point (CUDA's cuda_fp8.h): the storage types,
 * the conversion functions `__nv_cvt_*`, and the classes `__nv_fp8_e4m3`,
 * `__nv_fp8_e5m2` and their pairs and quads.  Floating-point values are
 * unknown to the front end: declarations only.  Every function takes its
 * operands by value, so a call reads and writes no memory. */
#ifndef __MAPCHECK_CUDA_FP8_H
#define __MAPCHECK_CUDA_FP8_H
#define __CUDA_FP8_H__ /* NVIDIA's include guard */
#include "cuda_fp16.h"
#include "cuda_bf16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

/* Conversions to fp8 */
__host__ __device__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
__host__ __device__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind);
/* Conversions from fp8 */
__host__ __device__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t kind);
__host__ __device__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x, __nv_fp8_interpretation_t kind);

/* The bits of a value converted to fp8: unknown to the front end (a
 * declaration without a body, of values only, touches no memory). */
__host__ __device__ unsigned int __mapcheck_fp8_bits(double v);

/* The classes: one storage member, converting constructors that store the
 * converted bits (CUDA's compute them), and converting operators
 * (declarations: their values are unknown). */
#define __MAPCHECK_FP8_CLASS(NAME, STORAGE)                                   \
  struct NAME {                                                               \
    STORAGE __x;                                                              \
    NAME() = default;                                                         \
    __host__ __device__ explicit NAME(float f) : __x(__mapcheck_fp8_bits(f)) {} \
    __host__ __device__ explicit NAME(double f) : __x(__mapcheck_fp8_bits(f)) {} \
    __host__ __device__ explicit NAME(__half f) : __x(__mapcheck_fp8_bits(f)) {} \
    __host__ __device__ explicit NAME(__nv_bfloat16 f) : __x(__mapcheck_fp8_bits(f)) {} \
    __host__ __device__ explicit NAME(int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(unsigned int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(long int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(unsigned long int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(long long int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(unsigned long long int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(short int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit NAME(unsigned short int v) : __x(__mapcheck_fp8_bits(v)) {} \
    __host__ __device__ explicit operator float() const;                      \
    __host__ __device__ explicit operator double() const;                     \
    __host__ __device__ explicit operator __half() const;                     \
    __host__ __device__ explicit operator __nv_bfloat16() const;              \
    __host__ __device__ explicit operator int() const;                        \
    __host__ __device__ explicit operator bool() const;                       \
  };
__MAPCHECK_FP8_CLASS(__nv_fp8_e4m3, __nv_fp8_storage_t)
__MAPCHECK_FP8_CLASS(__nv_fp8_e5m2, __nv_fp8_storage_t)
#undef __MAPCHECK_FP8_CLASS

#define __MAPCHECK_FP8_VECTOR(NAME, STORAGE, PAIR, QUAD)                      \
  struct NAME {                                                               \
    STORAGE __x;                                                              \
    NAME() = default;                                                         \
    __host__ __device__ explicit NAME(PAIR f) : __x(__mapcheck_fp8_bits(f.x)) {} \
    __host__ __device__ explicit NAME(QUAD f) : __x(__mapcheck_fp8_bits(f.x)) {} \
    __host__ __device__ explicit operator PAIR() const;                       \
  };
__MAPCHECK_FP8_VECTOR(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t, float2, double2)
__MAPCHECK_FP8_VECTOR(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t, float2, double2)
__MAPCHECK_FP8_VECTOR(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t, float4, double4)
__MAPCHECK_FP8_VECTOR(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t, float4, double4)
#undef __MAPCHECK_FP8_VECTOR

#endif
