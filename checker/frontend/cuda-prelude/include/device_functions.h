/* mapcheck: CUDA's device functions (device_functions.h): barriers and
 * fences, integer and floating-point intrinsics, type punning, timers, and
 * the C library functions device code may call (printf, malloc, memcpy …).
 *
 * How the front end reads this file:
 *  - barriers and fences are recognised by name (`__syncthreads`,
 *    `__syncthreads_count/and/or`; `__syncwarp` with the full mask is the
 *    barrier of a warp, with another mask it orders nothing here;
 *    `__threadfence*` are not barriers): they stay declarations;
 *  - a function with a body is inlined, so an intrinsic that computes an
 *    integer which may feed an index has a body when plain C expresses it
 *    exactly (`__mul24`, `__umul24`, `__mulhi`, `__sad`, `__hadd`, `min`,
 *    `max` …);
 *  - everything that writes memory (atomics, `memcpy`, `memset`,
 *    `__sincosf`'s outputs …) is a declaration only: the front end must
 *    model it itself (a call without a body that receives a pointer to an
 *    array makes the kernel `unknown`);
 *  - other declared functions return unknown values. */
#ifndef __MAPCHECK_DEVICE_FUNCTIONS_H
#define __MAPCHECK_DEVICE_FUNCTIONS_H
#define __DEVICE_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "host_defines.h"

/* `size_t` and `NULL` as in <stddef.h>.  A kernel that defines its own,
 * different `size_t` (GPUVerify's 32-bit `typedef unsigned int size_t`) is
 * parsed again with __MAPCHECK_OWN_TYPEDEFS defined; so these headers
 * spell the type __SIZE_TYPE__. */
#ifndef __MAPCHECK_OWN_TYPEDEFS
typedef __SIZE_TYPE__ size_t;
/* `clock_t` as glibc's <time.h> has it (`long`), which nvcc's headers
 * include: kernels that time themselves (`clock_t t0 = clock();`) use it
 * without an include, and <time.h> after this repeats the same type. */
typedef long clock_t;
#endif
#ifndef NULL
#define NULL 0 /* a null pointer constant the front end reads as 0 (GNU `__null` is an unexposed expression) */
#endif

/* ---- Barriers and fences (recognised by name) -------------------------- */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __barrier_sync(unsigned int id);

/* ---- Timers, traps ----------------------------------------------------- */
__device__ long long clock64(void);
__device__ int clock(void);
__device__ unsigned long long __globaltimer(void);
__device__ void __nanosleep(unsigned int ns);
__device__ void __trap(void);
__device__ void __brkpt(void);
__device__ void __prof_trigger(int counter);
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);

/* ---- C library in device code ------------------------------------------ */
extern "C" {
__device__ int printf(const char *format, ...);
__device__ void *malloc(__SIZE_TYPE__ size) throw();
__device__ void free(void *ptr) throw();
/* write memory: to be modelled by the front end */
__device__ void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n) throw();
__device__ void *memset(void *dst, int value, __SIZE_TYPE__ n) throw();
__device__ void __assert_fail(const char *assertion, const char *file, unsigned int line,
                              const char *function) throw();
__device__ void __assertfail(const char *message, const char *file, unsigned int line,
                             const char *function, __SIZE_TYPE__ charSize);
}
/* `assert(e)` without <assert.h> (the front end ignores it by name). */
__device__ void assert(int);

/* ---- Integer intrinsics with exact bodies ------------------------------- */
/* The low 24 bits of each operand, sign-extended, multiplied; the low 32
 * bits of the product. */
__device__ __forceinline__ int __mul24(int x, int y) {
  int lx = (int)((unsigned int)x << 8) >> 8;
  int ly = (int)((unsigned int)y << 8) >> 8;
  return (int)((unsigned int)lx * (unsigned int)ly);
}
/* The low 24 bits of each operand multiplied; the low 32 bits of the product. */
__device__ __forceinline__ unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
/* The high 32 bits of the 64-bit product. */
__device__ __forceinline__ int __mulhi(int x, int y) {
  return (int)(((long long)x * (long long)y) >> 32);
}
__device__ __forceinline__ unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * (unsigned long long)y) >> 32);
}
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
/* |x - y| + z */
__device__ __forceinline__ unsigned int __sad(int x, int y, unsigned int z) {
  return z + (x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x);
}
__device__ __forceinline__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}
/* (x + y) >> 1 and (x + y + 1) >> 1 without overflow. */
__device__ __forceinline__ int __hadd(int x, int y) {
  return (int)(((long long)x + (long long)y) >> 1);
}
__device__ __forceinline__ int __rhadd(int x, int y) {
  return (int)(((long long)x + (long long)y + 1) >> 1);
}
__device__ __forceinline__ unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + (unsigned long long)y) >> 1);
}
__device__ __forceinline__ unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + (unsigned long long)y + 1) >> 1);
}

/* min / max on integers (exact); on floating point declared (NaN rules). */
#define __MAPCHECK_MINMAX(T)                                                   \
  __device__ __forceinline__ T min(T a, T b) { return a < b ? a : b; } \
  __device__ __forceinline__ T max(T a, T b) { return a > b ? a : b; }
__MAPCHECK_MINMAX(int)
__MAPCHECK_MINMAX(unsigned int)
__MAPCHECK_MINMAX(long)
__MAPCHECK_MINMAX(unsigned long)
__MAPCHECK_MINMAX(long long)
__MAPCHECK_MINMAX(unsigned long long)
#undef __MAPCHECK_MINMAX
#define __MAPCHECK_MINMAX_MIXED(S, U)                                                    \
  __device__ __forceinline__ U min(S a, U b) { return (U)a < b ? (U)a : b; }     \
  __device__ __forceinline__ U min(U a, S b) { return a < (U)b ? a : (U)b; }     \
  __device__ __forceinline__ U max(S a, U b) { return (U)a > b ? (U)a : b; }     \
  __device__ __forceinline__ U max(U a, S b) { return a > (U)b ? a : (U)b; }
__MAPCHECK_MINMAX_MIXED(int, unsigned int)
__MAPCHECK_MINMAX_MIXED(long, unsigned long)
__MAPCHECK_MINMAX_MIXED(long long, unsigned long long)
#undef __MAPCHECK_MINMAX_MIXED
__device__ __forceinline__ unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
__device__ __forceinline__ unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
__device__ __forceinline__ long long llmin(long long a, long long b) { return a < b ? a : b; }
__device__ __forceinline__ long long llmax(long long a, long long b) { return a > b ? a : b; }
__device__ __forceinline__ unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
__device__ __forceinline__ unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}
__device__ float min(float a, float b);
__device__ float max(float a, float b);
__device__ double min(double a, double b);
__device__ double max(double a, double b);
__device__ double min(float a, double b);
__device__ double max(float a, double b);
__device__ double min(double a, float b);
__device__ double max(double a, float b);

/* ---- Bit manipulation (declared: the front end does not model bits) ------ */
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift);
__device__ unsigned int __fns(unsigned int mask, unsigned int base, int offset);
__device__ unsigned int __lanemask_lt(void);
__device__ unsigned int __lanemask_le(void);
__device__ unsigned int __lanemask_eq(void);
__device__ unsigned int __lanemask_gt(void);
__device__ unsigned int __lanemask_ge(void);
__device__ int __dp4a(int srcA, int srcB, int c);
__device__ unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c);
__device__ int __dp2a_lo(int srcA, int srcB, int c);
__device__ int __dp2a_hi(int srcA, int srcB, int c);
/* SIMD video instructions (the math API's SIMD intrinsics: per-halfword
 * and per-byte arithmetic, comparisons and sums of absolute differences),
 * and CUDA 12's DPX instructions (__vimax3_s32, __viaddmin_u16x2 …).
 * Declared: their values are unknown to the front end; __vibmax/__vibmin
 * also write the predicates they are given. */
#define __MAPCHECK_SIMD(name) __device__ unsigned int name(unsigned int a, unsigned int b);
#define __MAPCHECK_SIMD1(name) __device__ unsigned int name(unsigned int a);
__MAPCHECK_SIMD(__vabsdiffs2) __MAPCHECK_SIMD(__vabsdiffs4) __MAPCHECK_SIMD(__vabsdiffu2)
__MAPCHECK_SIMD(__vabsdiffu4) __MAPCHECK_SIMD(__vadd2) __MAPCHECK_SIMD(__vadd4) __MAPCHECK_SIMD(__vaddss2)
__MAPCHECK_SIMD(__vaddss4) __MAPCHECK_SIMD(__vaddus2) __MAPCHECK_SIMD(__vaddus4) __MAPCHECK_SIMD(__vavgs2)
__MAPCHECK_SIMD(__vavgs4) __MAPCHECK_SIMD(__vavgu2) __MAPCHECK_SIMD(__vavgu4) __MAPCHECK_SIMD(__vcmpeq2)
__MAPCHECK_SIMD(__vcmpeq4) __MAPCHECK_SIMD(__vcmpges2) __MAPCHECK_SIMD(__vcmpges4)
__MAPCHECK_SIMD(__vcmpgeu2) __MAPCHECK_SIMD(__vcmpgeu4) __MAPCHECK_SIMD(__vcmpgts2)
__MAPCHECK_SIMD(__vcmpgts4) __MAPCHECK_SIMD(__vcmpgtu2) __MAPCHECK_SIMD(__vcmpgtu4)
__MAPCHECK_SIMD(__vcmples2) __MAPCHECK_SIMD(__vcmples4) __MAPCHECK_SIMD(__vcmpleu2)
__MAPCHECK_SIMD(__vcmpleu4) __MAPCHECK_SIMD(__vcmplts2) __MAPCHECK_SIMD(__vcmplts4)
__MAPCHECK_SIMD(__vcmpltu2) __MAPCHECK_SIMD(__vcmpltu4) __MAPCHECK_SIMD(__vcmpne2) __MAPCHECK_SIMD(__vcmpne4)
__MAPCHECK_SIMD(__vhaddu2) __MAPCHECK_SIMD(__vhaddu4) __MAPCHECK_SIMD(__vmaxs2) __MAPCHECK_SIMD(__vmaxs4)
__MAPCHECK_SIMD(__vmaxu2) __MAPCHECK_SIMD(__vmaxu4) __MAPCHECK_SIMD(__vmins2) __MAPCHECK_SIMD(__vmins4)
__MAPCHECK_SIMD(__vminu2) __MAPCHECK_SIMD(__vminu4) __MAPCHECK_SIMD(__vsads2) __MAPCHECK_SIMD(__vsads4)
__MAPCHECK_SIMD(__vsadu2) __MAPCHECK_SIMD(__vsadu4) __MAPCHECK_SIMD(__vseteq2) __MAPCHECK_SIMD(__vseteq4)
__MAPCHECK_SIMD(__vsetges2) __MAPCHECK_SIMD(__vsetges4) __MAPCHECK_SIMD(__vsetgeu2)
__MAPCHECK_SIMD(__vsetgeu4) __MAPCHECK_SIMD(__vsetgts2) __MAPCHECK_SIMD(__vsetgts4)
__MAPCHECK_SIMD(__vsetgtu2) __MAPCHECK_SIMD(__vsetgtu4) __MAPCHECK_SIMD(__vsetles2)
__MAPCHECK_SIMD(__vsetles4) __MAPCHECK_SIMD(__vsetleu2) __MAPCHECK_SIMD(__vsetleu4)
__MAPCHECK_SIMD(__vsetlts2) __MAPCHECK_SIMD(__vsetlts4) __MAPCHECK_SIMD(__vsetltu2)
__MAPCHECK_SIMD(__vsetltu4) __MAPCHECK_SIMD(__vsetne2) __MAPCHECK_SIMD(__vsetne4) __MAPCHECK_SIMD(__vsub2)
__MAPCHECK_SIMD(__vsub4) __MAPCHECK_SIMD(__vsubss2) __MAPCHECK_SIMD(__vsubss4) __MAPCHECK_SIMD(__vsubus2)
__MAPCHECK_SIMD(__vsubus4)
__MAPCHECK_SIMD1(__vabs2) __MAPCHECK_SIMD1(__vabs4) __MAPCHECK_SIMD1(__vabsss2) __MAPCHECK_SIMD1(__vabsss4)
__MAPCHECK_SIMD1(__vneg2) __MAPCHECK_SIMD1(__vneg4) __MAPCHECK_SIMD1(__vnegss2) __MAPCHECK_SIMD1(__vnegss4)
#undef __MAPCHECK_SIMD
#undef __MAPCHECK_SIMD1
#define __MAPCHECK_DPX(op, ty, T) \
  __device__ T __##op##_##ty(T a, T b); __device__ T __##op##_##ty##_relu(T a, T b); \
  __device__ T __##op##3_##ty(T a, T b, T c); __device__ T __##op##3_##ty##_relu(T a, T b, T c);
#define __MAPCHECK_DPX_ADD(name, T) __device__ T name(T a, T b, T c); __device__ T name##_relu(T a, T b, T c);
__MAPCHECK_DPX(vimax, s32, int) __MAPCHECK_DPX(vimin, s32, int)
__MAPCHECK_DPX(vimax, s16x2, unsigned int) __MAPCHECK_DPX(vimin, s16x2, unsigned int)
__MAPCHECK_DPX_ADD(__viaddmax_s32, int) __MAPCHECK_DPX_ADD(__viaddmin_s32, int)
__MAPCHECK_DPX_ADD(__viaddmax_s16x2, unsigned int) __MAPCHECK_DPX_ADD(__viaddmin_s16x2, unsigned int)
#undef __MAPCHECK_DPX
#undef __MAPCHECK_DPX_ADD
__device__ unsigned int __vimax_u32(unsigned int a, unsigned int b);
__device__ unsigned int __vimin_u32(unsigned int a, unsigned int b);
__device__ unsigned int __vimax_u16x2(unsigned int a, unsigned int b);
__device__ unsigned int __vimin_u16x2(unsigned int a, unsigned int b);
__device__ unsigned int __vimax3_u32(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __vimin3_u32(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __vimax3_u16x2(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __vimin3_u16x2(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __viaddmax_u32(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __viaddmin_u32(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __viaddmax_u16x2(unsigned int a, unsigned int b, unsigned int c);
__device__ unsigned int __viaddmin_u16x2(unsigned int a, unsigned int b, unsigned int c);
__device__ int __vibmax_s32(int a, int b, bool *const pred);
__device__ int __vibmin_s32(int a, int b, bool *const pred);
__device__ unsigned int __vibmax_u32(unsigned int a, unsigned int b, bool *const pred);
__device__ unsigned int __vibmin_u32(unsigned int a, unsigned int b, bool *const pred);
__device__ unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, bool *const pred_hi, bool *const pred_lo);
__device__ unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, bool *const pred_hi, bool *const pred_lo);
__device__ unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, bool *const pred_hi, bool *const pred_lo);
__device__ unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, bool *const pred_hi, bool *const pred_lo);

/* ---- Type punning and conversions (declared) ---------------------------- */
__device__ int __float_as_int(float x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __int_as_float(int x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __double2hiint(double x);
__device__ int __double2loint(double x);
__device__ double __hiloint2double(int hi, int lo);
#define __MAPCHECK_ROUNDED(R, name, A) \
  __device__ R name##_rn(A); __device__ R name##_rz(A); __device__ R name##_ru(A); __device__ R name##_rd(A);
__MAPCHECK_ROUNDED(int, __float2int, float)
__MAPCHECK_ROUNDED(unsigned int, __float2uint, float)
__MAPCHECK_ROUNDED(long long, __float2ll, float)
__MAPCHECK_ROUNDED(unsigned long long, __float2ull, float)
__MAPCHECK_ROUNDED(float, __int2float, int)
__MAPCHECK_ROUNDED(float, __uint2float, unsigned int)
__MAPCHECK_ROUNDED(float, __ll2float, long long)
__MAPCHECK_ROUNDED(float, __ull2float, unsigned long long)
__MAPCHECK_ROUNDED(int, __double2int, double)
__MAPCHECK_ROUNDED(unsigned int, __double2uint, double)
__MAPCHECK_ROUNDED(long long, __double2ll, double)
__MAPCHECK_ROUNDED(unsigned long long, __double2ull, double)
__MAPCHECK_ROUNDED(float, __double2float, double)
__MAPCHECK_ROUNDED(double, __ll2double, long long)
__MAPCHECK_ROUNDED(double, __ull2double, unsigned long long)
__device__ double __int2double_rn(int x);
__device__ double __uint2double_rn(unsigned int x);

/* ---- Floating-point intrinsics (declared) ------------------------------- */
__MAPCHECK_ROUNDED(float, __fsqrt, float)
__MAPCHECK_ROUNDED(float, __frcp, float)
__MAPCHECK_ROUNDED(double, __dsqrt, double)
__MAPCHECK_ROUNDED(double, __drcp, double)
#undef __MAPCHECK_ROUNDED
#define __MAPCHECK_ROUNDED2(R, name, A) \
  __device__ R name##_rn(A, A); __device__ R name##_rz(A, A); __device__ R name##_ru(A, A); __device__ R name##_rd(A, A);
__MAPCHECK_ROUNDED2(float, __fadd, float)
__MAPCHECK_ROUNDED2(float, __fsub, float)
__MAPCHECK_ROUNDED2(float, __fmul, float)
__MAPCHECK_ROUNDED2(float, __fdiv, float)
__MAPCHECK_ROUNDED2(double, __dadd, double)
__MAPCHECK_ROUNDED2(double, __dsub, double)
__MAPCHECK_ROUNDED2(double, __dmul, double)
__MAPCHECK_ROUNDED2(double, __ddiv, double)
#undef __MAPCHECK_ROUNDED2
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __fmaf_rz(float x, float y, float z);
__device__ float __fmaf_ru(float x, float y, float z);
__device__ float __fmaf_rd(float x, float y, float z);
__device__ double __fma_rn(double x, double y, double z);
__device__ double __fma_rz(double x, double y, double z);
__device__ double __fma_ru(double x, double y, double z);
__device__ double __fma_rd(double x, double y, double z);
__device__ float __frsqrt_rn(float x);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __powf(float x, float y);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
/* writes *s and *c: to be modelled by the front end */
__device__ void __sincosf(float x, float *s, float *c);

#endif
