/* mapcheck: half precision (CUDA's cuda_fp16.h): `__half`, `__half2`,
 * conversions and arithmetic.  Floating-point values are unknown to the
 * front end: declarations only.  The operators are hidden friends, for
 * host and device code (as in CUDA 12.2 and later). */
#ifndef __MAPCHECK_CUDA_FP16_H
#define __MAPCHECK_CUDA_FP16_H
#define __CUDA_FP16_H__ /* NVIDIA's include guard */
#include "cuda_runtime.h"

struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

struct __align__(2) __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(int i);
  __host__ __device__ __half(unsigned int i);
  __host__ __device__ __half(short i);
  __host__ __device__ __half(unsigned short i);
  __host__ __device__ __half(long long i);
  __host__ __device__ __half(unsigned long long i);
  __host__ __device__ operator float() const;
  __host__ __device__ operator __half_raw() const { __half_raw r; r.x = __x; return r; }
  /* C++ operators, as hidden friends (found by argument-dependent lookup
   * only, so `a + b` in a template stays a binary operator). */
  friend __host__ __device__ __half operator+(const __half &a, const __half &b);
  friend __host__ __device__ __half operator-(const __half &a, const __half &b);
  friend __host__ __device__ __half operator*(const __half &a, const __half &b);
  friend __host__ __device__ __half operator/(const __half &a, const __half &b);
  friend __host__ __device__ __half &operator+=(__half &a, const __half &b);
  friend __host__ __device__ __half &operator-=(__half &a, const __half &b);
  friend __host__ __device__ __half &operator*=(__half &a, const __half &b);
  friend __host__ __device__ __half &operator/=(__half &a, const __half &b);
  friend __host__ __device__ __half operator-(const __half &a);
  friend __host__ __device__ bool operator==(const __half &a, const __half &b);
  friend __host__ __device__ bool operator!=(const __half &a, const __half &b);
  friend __host__ __device__ bool operator<(const __half &a, const __half &b);
  friend __host__ __device__ bool operator<=(const __half &a, const __half &b);
  friend __host__ __device__ bool operator>(const __half &a, const __half &b);
  friend __host__ __device__ bool operator>=(const __half &a, const __half &b);
};
struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &r);
  friend __host__ __device__ __half2 operator+(const __half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 operator-(const __half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 operator*(const __half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 operator/(const __half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 &operator+=(__half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 &operator-=(__half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 &operator*=(__half2 &a, const __half2 &b);
  friend __host__ __device__ __half2 &operator/=(__half2 &a, const __half2 &b);
};
typedef struct __half half;
typedef struct __half2 half2;
typedef struct __half __nv_half;
typedef struct __half2 __nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffU)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)

/* Conversions */
__host__ __device__ __half __float2half(float a);
__host__ __device__ __half __float2half_rn(float a);
__host__ __device__ __half __float2half_rz(float a);
__host__ __device__ __half __float2half_rd(float a);
__host__ __device__ __half __float2half_ru(float a);
__host__ __device__ __half __double2half(double a);
__host__ __device__ float __half2float(__half a);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float22half2_rn(float2 a);
__host__ __device__ float2 __half22float2(__half2 a);
__host__ __device__ float __low2float(__half2 a);
__host__ __device__ float __high2float(__half2 a);
__host__ __device__ __half __low2half(__half2 a);
__host__ __device__ __half __high2half(__half2 a);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half a);
__host__ __device__ __half2 __lows2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __highs2half2(__half2 a, __half2 b);
__device__ int __half2int_rn(__half h);
__device__ int __half2int_rz(__half h);
__device__ unsigned int __half2uint_rn(__half h);
__device__ unsigned int __half2uint_rz(__half h);
__device__ short __half2short_rn(__half h);
__device__ __half __int2half_rn(int i);
__device__ __half __uint2half_rn(unsigned int i);
__device__ __half __short2half_rn(short i);
__device__ short __half_as_short(__half h);
__device__ unsigned short __half_as_ushort(__half h);
__device__ __half __short_as_half(short i);
__host__ __device__ __half __ushort_as_half(unsigned short i);

/* Arithmetic and comparisons */
#define __MAPCHECK_H2(name) __device__ __half name(__half a, __half b);
#define __MAPCHECK_HH2(name) __device__ __half2 name(__half2 a, __half2 b);
__MAPCHECK_H2(__hadd) __MAPCHECK_H2(__hsub) __MAPCHECK_H2(__hmul) __MAPCHECK_H2(__hdiv)
__MAPCHECK_H2(__hadd_sat) __MAPCHECK_H2(__hsub_sat) __MAPCHECK_H2(__hmul_sat)
__MAPCHECK_H2(__hmax) __MAPCHECK_H2(__hmin)
__MAPCHECK_HH2(__hadd2) __MAPCHECK_HH2(__hsub2) __MAPCHECK_HH2(__hmul2) __MAPCHECK_HH2(__h2div)
__MAPCHECK_HH2(__hadd2_sat) __MAPCHECK_HH2(__hsub2_sat) __MAPCHECK_HH2(__hmul2_sat)
__MAPCHECK_HH2(__hmax2) __MAPCHECK_HH2(__hmin2)
__MAPCHECK_HH2(__heq2) __MAPCHECK_HH2(__hne2) __MAPCHECK_HH2(__hlt2) __MAPCHECK_HH2(__hle2)
__MAPCHECK_HH2(__hgt2) __MAPCHECK_HH2(__hge2)
#undef __MAPCHECK_H2
#undef __MAPCHECK_HH2
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ __half __hneg(__half a);
__device__ __half2 __hneg2(__half2 a);
__device__ __half __habs(__half a);
__device__ __half2 __habs2(__half2 a);
__device__ bool __heq(__half a, __half b);
__device__ bool __hne(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hle(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ bool __hge(__half a, __half b);
__device__ bool __hisnan(__half a);
__device__ int __hisinf(__half a);
__device__ bool __hbeq2(__half2 a, __half2 b);
__device__ bool __hblt2(__half2 a, __half2 b);
#define __MAPCHECK_HF(name) __device__ __half name(__half a); __device__ __half2 name##2(__half2 a);
__MAPCHECK_HF(hsqrt) __MAPCHECK_HF(hrsqrt) __MAPCHECK_HF(hrcp) __MAPCHECK_HF(hexp) __MAPCHECK_HF(hexp2)
__MAPCHECK_HF(hexp10) __MAPCHECK_HF(hlog) __MAPCHECK_HF(hlog2) __MAPCHECK_HF(hlog10) __MAPCHECK_HF(hsin)
__MAPCHECK_HF(hcos) __MAPCHECK_HF(hceil) __MAPCHECK_HF(hfloor) __MAPCHECK_HF(htrunc) __MAPCHECK_HF(hrint)
#undef __MAPCHECK_HF
__device__ __half __shfl_sync(unsigned int mask, __half var, int srcLane, int width = 32);
__device__ __half __shfl_up_sync(unsigned int mask, __half var, unsigned int delta, int width = 32);
__device__ __half __shfl_down_sync(unsigned int mask, __half var, unsigned int delta, int width = 32);
__device__ __half __shfl_xor_sync(unsigned int mask, __half var, int laneMask, int width = 32);
__device__ __half2 __shfl_xor_sync(unsigned int mask, __half2 var, int laneMask, int width = 32);
__device__ __half2 __shfl_down_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);
__device__ __half atomicAdd(__half *address, __half val);
__device__ __half __ldg(const __half *ptr);
__device__ __half2 __ldg(const __half2 *ptr);

#endif
