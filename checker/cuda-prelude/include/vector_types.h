/* mapcheck: CUDA's built-in vector types (char1 … double4, dim3) and the
 * short unsigned type names uint, ushort and ulong (glibc's <sys/types.h>
 * defines the same, which nvcc's headers bring in; `uchar` is not among
 * them: samples define it themselves, some as `unsigned int`).
 * Plain structs: the front end reads `v.x` as a field. */
#ifndef __MAPCHECK_VECTOR_TYPES_H
#define __MAPCHECK_VECTOR_TYPES_H
#include "host_defines.h"

#ifndef __MAPCHECK_OWN_TYPEDEFS /* the file defines them (and size_t) as other types */
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
#endif

#define __MAPCHECK_VEC(T, N, A2, A4) \
  struct __device_builtin__ N##1 { T x; }; \
  struct __device_builtin__ __align__(A2) N##2 { T x, y; }; \
  struct __device_builtin__ N##3 { T x, y, z; }; \
  struct __device_builtin__ __align__(A4) N##4 { T x, y, z, w; }; \
  typedef struct N##1 N##1; typedef struct N##2 N##2; \
  typedef struct N##3 N##3; typedef struct N##4 N##4;
__MAPCHECK_VEC(signed char, char, 2, 4)
__MAPCHECK_VEC(unsigned char, uchar, 2, 4)
__MAPCHECK_VEC(short, short, 4, 8)
__MAPCHECK_VEC(unsigned short, ushort, 4, 8)
__MAPCHECK_VEC(int, int, 8, 16)
__MAPCHECK_VEC(unsigned int, uint, 8, 16)
__MAPCHECK_VEC(long, long, 16, 16)
__MAPCHECK_VEC(unsigned long, ulong, 16, 16)
__MAPCHECK_VEC(long long, longlong, 16, 16)
__MAPCHECK_VEC(unsigned long long, ulonglong, 16, 16)
__MAPCHECK_VEC(float, float, 8, 16)
__MAPCHECK_VEC(double, double, 16, 16)
#undef __MAPCHECK_VEC

struct __device_builtin__ dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;

#endif
