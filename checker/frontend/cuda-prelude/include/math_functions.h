/* mapcheck: CUDA's math API in device code (math_functions.h): the C99
 * functions in float (`sinf`) and double (`sin`) precision, CUDA's
 * additions (`rsqrtf`, `sinpif`, `normcdff` …) and the C++ overloads
 * (`sqrt(float)`).  Results are unknown values to the front end, so these
 * are declarations; the ones writing through a pointer argument (`frexp`,
 * `modf`, `remquo`, `sincos`, `sincospi`) must be modelled by the front
 * end.  Host code keeps using the C library's <math.h>/<cmath>. */
#ifndef __MAPCHECK_MATH_FUNCTIONS_H
#define __MAPCHECK_MATH_FUNCTIONS_H
#define __MATH_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "host_defines.h"

extern "C" {
/* Each also for the host (the C library's declaration, repeated), so that
 * host code computing a launch (`ceil(n / 256.0)`) compiles without
 * <math.h>, as with nvcc. */
#define __MAPCHECK_M1(F) \
  __device__ float F##f(float) throw(); __device__ double F(double) throw(); \
  __host__ float F##f(float) throw(); __host__ double F(double) throw();
#define __MAPCHECK_M2(F) \
  __device__ float F##f(float, float) throw(); __device__ double F(double, double) throw(); \
  __host__ float F##f(float, float) throw(); __host__ double F(double, double) throw();
#define __MAPCHECK_M3(F) \
  __device__ float F##f(float, float, float) throw(); __device__ double F(double, double, double) throw(); \
  __host__ float F##f(float, float, float) throw(); __host__ double F(double, double, double) throw();
__MAPCHECK_M1(acos) __MAPCHECK_M1(acosh) __MAPCHECK_M1(asin) __MAPCHECK_M1(asinh)
__MAPCHECK_M1(atan) __MAPCHECK_M1(atanh) __MAPCHECK_M1(cbrt) __MAPCHECK_M1(ceil)
__MAPCHECK_M1(cos) __MAPCHECK_M1(cosh) __MAPCHECK_M1(cospi) __MAPCHECK_M1(erf)
__MAPCHECK_M1(erfc) __MAPCHECK_M1(erfcinv) __MAPCHECK_M1(erfcx) __MAPCHECK_M1(erfinv)
__MAPCHECK_M1(exp) __MAPCHECK_M1(exp10) __MAPCHECK_M1(exp2) __MAPCHECK_M1(expm1)
__MAPCHECK_M1(fabs) __MAPCHECK_M1(floor) __MAPCHECK_M1(j0) __MAPCHECK_M1(j1)
__MAPCHECK_M1(lgamma) __MAPCHECK_M1(log) __MAPCHECK_M1(log10) __MAPCHECK_M1(log1p)
__MAPCHECK_M1(log2) __MAPCHECK_M1(logb) __MAPCHECK_M1(nearbyint) __MAPCHECK_M1(normcdf)
__MAPCHECK_M1(normcdfinv) __MAPCHECK_M1(rcbrt) __MAPCHECK_M1(rint) __MAPCHECK_M1(round)
__MAPCHECK_M1(rsqrt) __MAPCHECK_M1(sin) __MAPCHECK_M1(sinh) __MAPCHECK_M1(sinpi)
__MAPCHECK_M1(sqrt) __MAPCHECK_M1(tan) __MAPCHECK_M1(tanh) __MAPCHECK_M1(tgamma)
__MAPCHECK_M1(trunc) __MAPCHECK_M1(y0) __MAPCHECK_M1(y1)
__MAPCHECK_M2(atan2) __MAPCHECK_M2(copysign) __MAPCHECK_M2(fdim) __MAPCHECK_M2(fmax)
__MAPCHECK_M2(fmin) __MAPCHECK_M2(fmod) __MAPCHECK_M2(hypot) __MAPCHECK_M2(nextafter)
__MAPCHECK_M2(pow) __MAPCHECK_M2(remainder) __MAPCHECK_M2(rhypot)
__MAPCHECK_M3(fma) __MAPCHECK_M3(norm3d) __MAPCHECK_M3(rnorm3d)
#undef __MAPCHECK_M1
#undef __MAPCHECK_M2
#undef __MAPCHECK_M3
__device__ float jnf(int, float) throw(); __device__ double jn(int, double) throw();
__device__ float ynf(int, float) throw(); __device__ double yn(int, double) throw();
__device__ float ldexpf(float, int) throw(); __device__ double ldexp(double, int) throw();
__device__ float scalbnf(float, int) throw(); __device__ double scalbn(double, int) throw();
__device__ float scalblnf(float, long) throw(); __device__ double scalbln(double, long) throw();
__device__ float powif(float, int) throw(); __device__ double powi(double, int) throw();
__device__ int ilogbf(float) throw(); __device__ int ilogb(double) throw();
__device__ long lrintf(float) throw(); __device__ long lrint(double) throw();
__device__ long long llrintf(float) throw(); __device__ long long llrint(double) throw();
__device__ long lroundf(float) throw(); __device__ long lround(double) throw();
__device__ long long llroundf(float) throw(); __device__ long long llround(double) throw();
__device__ float nanf(const char *) throw(); __device__ double nan(const char *) throw();
__device__ float normf(int, const float *) throw(); __device__ double norm(int, const double *) throw();
__device__ float norm4df(float, float, float, float) throw();
__device__ double norm4d(double, double, double, double) throw();
__device__ float cyl_bessel_i0f(float) throw(); __device__ float cyl_bessel_i1f(float) throw();
__device__ __forceinline__ int abs(int x) throw() { return x < 0 ? -x : x; }
__device__ __forceinline__ long labs(long x) throw() { return x < 0 ? -x : x; }
__device__ __forceinline__ long long llabs(long long x) throw() { return x < 0 ? -x : x; }
/* write through their pointer arguments: to be modelled by the front end */
__device__ float frexpf(float, int *) throw(); __device__ double frexp(double, int *) throw();
__device__ float modff(float, float *) throw(); __device__ double modf(double, double *) throw();
__device__ float remquof(float, float, int *) throw(); __device__ double remquo(double, double, int *) throw();
__device__ float lgammaf_r(float, int *) throw(); __device__ double lgamma_r(double, int *) throw();
__device__ void sincosf(float, float *, float *) throw(); __device__ void sincos(double, double *, double *) throw();
__device__ void sincospif(float, float *, float *) throw();
__device__ void sincospi(double, double *, double *) throw();
}

/* C++ overloads in single precision (CUDA's math_functions.hpp). */
#define __MAPCHECK_F1(F) __device__ float F(float);
#define __MAPCHECK_F2(F) __device__ float F(float, float);
__MAPCHECK_F1(acos) __MAPCHECK_F1(acosh) __MAPCHECK_F1(asin) __MAPCHECK_F1(asinh)
__MAPCHECK_F1(atan) __MAPCHECK_F1(atanh) __MAPCHECK_F1(cbrt) __MAPCHECK_F1(ceil)
__MAPCHECK_F1(cos) __MAPCHECK_F1(cosh) __MAPCHECK_F1(erf) __MAPCHECK_F1(erfc)
__MAPCHECK_F1(exp) __MAPCHECK_F1(exp2) __MAPCHECK_F1(expm1) __MAPCHECK_F1(fabs)
__MAPCHECK_F1(floor) __MAPCHECK_F1(lgamma) __MAPCHECK_F1(log) __MAPCHECK_F1(log10)
__MAPCHECK_F1(log1p) __MAPCHECK_F1(log2) __MAPCHECK_F1(logb) __MAPCHECK_F1(nearbyint)
__MAPCHECK_F1(rint) __MAPCHECK_F1(round) __MAPCHECK_F1(rsqrt) __MAPCHECK_F1(sin)
__MAPCHECK_F1(sinh) __MAPCHECK_F1(sqrt) __MAPCHECK_F1(tan) __MAPCHECK_F1(tanh)
__MAPCHECK_F1(tgamma) __MAPCHECK_F1(trunc) __MAPCHECK_F1(abs)
__MAPCHECK_F2(atan2) __MAPCHECK_F2(copysign) __MAPCHECK_F2(fdim) __MAPCHECK_F2(fmax)
__MAPCHECK_F2(fmin) __MAPCHECK_F2(fmod) __MAPCHECK_F2(hypot) __MAPCHECK_F2(nextafter)
__MAPCHECK_F2(pow) __MAPCHECK_F2(remainder)
#undef __MAPCHECK_F1
#undef __MAPCHECK_F2
__device__ float pow(float, int);
__device__ double pow(double, int);
__device__ float fma(float, float, float);
__device__ float ldexp(float, int);
__device__ float frexp(float, int *);
__device__ float modf(float, float *);
__device__ double abs(double);
__device__ __forceinline__ long abs(long x) { return x < 0 ? -x : x; }
__device__ __forceinline__ long long abs(long long x) { return x < 0 ? -x : x; }
__device__ bool signbit(float); __device__ bool signbit(double);
__device__ bool isfinite(float); __device__ bool isfinite(double);
__device__ bool isinf(float); __device__ bool isinf(double);
__device__ bool isnan(float); __device__ bool isnan(double);
__device__ int __signbitf(float); __device__ int __signbit(double);
__device__ int __finitef(float); __device__ int __finite(double);
__device__ int __isinff(float); __device__ int __isinf(double);
__device__ int __isnanf(float); __device__ int __isnan(double);

#endif
