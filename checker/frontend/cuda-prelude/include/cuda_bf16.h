/* mapcheck: bfloat16 (CUDA's cuda_bf16.h): `__nv_bfloat16`,
 * `__nv_bfloat162`, conversions and arithmetic, as cuda_fp16.h declares
 * them for `__half`.  Floating-point values are unknown to the front end:
 * declarations only.  The operators are hidden friends, for host and
 * device code (as in CUDA 12.2 and later). */
#ifndef __MAPCHECK_CUDA_BF16_H
#define __MAPCHECK_CUDA_BF16_H
#define __CUDA_BF16_H__ /* NVIDIA's include guard */
#include "cuda_fp16.h"

struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ __nv_bfloat16(double f);
  __host__ __device__ __nv_bfloat16(int i);
  __host__ __device__ __nv_bfloat16(unsigned int i);
  __host__ __device__ __nv_bfloat16(short i);
  __host__ __device__ __nv_bfloat16(unsigned short i);
  __host__ __device__ __nv_bfloat16(long long i);
  __host__ __device__ __nv_bfloat16(unsigned long long i);
  __host__ __device__ operator float() const;
  __host__ __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = __x; return r; }
  friend __host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a);
  friend __host__ __device__ bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  friend __host__ __device__ bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
};
struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r);
  friend __host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 &operator+=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 &operator-=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 &operator*=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
  friend __host__ __device__ __nv_bfloat162 &operator/=(__nv_bfloat162 &a, const __nv_bfloat162 &b);
};
typedef struct __nv_bfloat16 nv_bfloat16;
typedef struct __nv_bfloat162 nv_bfloat162;

/* Conversions */
__host__ __device__ __nv_bfloat16 __float2bfloat16(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rd(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_ru(float a);
__host__ __device__ __nv_bfloat16 __double2bfloat16(double a);
__host__ __device__ float __bfloat162float(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2 a);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 a);
__host__ __device__ float __low2float(__nv_bfloat162 a);
__host__ __device__ float __high2float(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__host__ __device__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ int __bfloat162int_rn(__nv_bfloat16 h);
__device__ int __bfloat162int_rz(__nv_bfloat16 h);
__device__ unsigned int __bfloat162uint_rn(__nv_bfloat16 h);
__device__ unsigned int __bfloat162uint_rz(__nv_bfloat16 h);
__device__ short __bfloat162short_rn(__nv_bfloat16 h);
__device__ __nv_bfloat16 __int2bfloat16_rn(int i);
__device__ __nv_bfloat16 __uint2bfloat16_rn(unsigned int i);
__device__ __nv_bfloat16 __short2bfloat16_rn(short i);
__device__ short __bfloat16_as_short(__nv_bfloat16 h);
__device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
__device__ __nv_bfloat16 __short_as_bfloat16(short i);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);

/* Arithmetic and comparisons: the __half functions' names, overloaded. */
#define __MAPCHECK_B2(name) __device__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b);
#define __MAPCHECK_BB2(name) __device__ __nv_bfloat162 name(__nv_bfloat162 a, __nv_bfloat162 b);
__MAPCHECK_B2(__hadd) __MAPCHECK_B2(__hsub) __MAPCHECK_B2(__hmul) __MAPCHECK_B2(__hdiv)
__MAPCHECK_B2(__hadd_sat) __MAPCHECK_B2(__hsub_sat) __MAPCHECK_B2(__hmul_sat)
__MAPCHECK_B2(__hmax) __MAPCHECK_B2(__hmin)
__MAPCHECK_BB2(__hadd2) __MAPCHECK_BB2(__hsub2) __MAPCHECK_BB2(__hmul2) __MAPCHECK_BB2(__h2div)
__MAPCHECK_BB2(__hadd2_sat) __MAPCHECK_BB2(__hsub2_sat) __MAPCHECK_BB2(__hmul2_sat)
__MAPCHECK_BB2(__hmax2) __MAPCHECK_BB2(__hmin2)
__MAPCHECK_BB2(__heq2) __MAPCHECK_BB2(__hne2) __MAPCHECK_BB2(__hlt2) __MAPCHECK_BB2(__hle2)
__MAPCHECK_BB2(__hgt2) __MAPCHECK_BB2(__hge2)
#undef __MAPCHECK_B2
#undef __MAPCHECK_BB2
__device__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__device__ __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__device__ __nv_bfloat16 __hneg(__nv_bfloat16 a);
__device__ __nv_bfloat162 __hneg2(__nv_bfloat162 a);
__device__ __nv_bfloat16 __habs(__nv_bfloat16 a);
__device__ __nv_bfloat162 __habs2(__nv_bfloat162 a);
__device__ bool __heq(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hne(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hle(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hge(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ bool __hisnan(__nv_bfloat16 a);
__device__ int __hisinf(__nv_bfloat16 a);
#define __MAPCHECK_BF(name) __device__ __nv_bfloat16 name(__nv_bfloat16 a); __device__ __nv_bfloat162 name##2(__nv_bfloat162 a);
__MAPCHECK_BF(hsqrt) __MAPCHECK_BF(hrsqrt) __MAPCHECK_BF(hrcp) __MAPCHECK_BF(hexp) __MAPCHECK_BF(hexp2)
__MAPCHECK_BF(hexp10) __MAPCHECK_BF(hlog) __MAPCHECK_BF(hlog2) __MAPCHECK_BF(hlog10) __MAPCHECK_BF(hsin)
__MAPCHECK_BF(hcos) __MAPCHECK_BF(hceil) __MAPCHECK_BF(hfloor) __MAPCHECK_BF(htrunc) __MAPCHECK_BF(hrint)
#undef __MAPCHECK_BF
__device__ __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 var, int srcLane, int width = 32);
__device__ __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32);
__device__ __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 var, int laneMask, int width = 32);
__device__ __nv_bfloat162 __shfl_xor_sync(unsigned int mask, __nv_bfloat162 var, int laneMask, int width = 32);
__device__ __nv_bfloat162 __shfl_down_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta,
                                           int width = 32);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *ptr);
__device__ __nv_bfloat162 __ldg(const __nv_bfloat162 *ptr);

#endif
