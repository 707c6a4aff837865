/* mapcheck: the CUDA SDK samples' helper_math.h.  The vector operators and
 * functions (float2/3/4, int2/3/4, uint2/3/4) are always available through
 * mapcheck_vector_math.h; this header adds the SDK's scalar helpers with
 * exact bodies. */
#ifndef __MAPCHECK_HELPER_MATH_H
#define __MAPCHECK_HELPER_MATH_H
#include "cuda_runtime.h"

typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;

__host__ __device__ __forceinline__ float lerp(float a, float b, float t) { return a + t * (b - a); }
__host__ __device__ __forceinline__ float clamp(float f, float a, float b) { return f < a ? a : (f > b ? b : f); }
__host__ __device__ __forceinline__ int clamp(int f, int a, int b) { return f < a ? a : (f > b ? b : f); }
__host__ __device__ __forceinline__ unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return f < a ? a : (f > b ? b : f);
}
__host__ __device__ float fracf(float v);
__host__ __device__ float smoothstep(float a, float b, float x);

#endif
