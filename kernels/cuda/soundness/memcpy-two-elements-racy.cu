//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Each thread copies 2 * sizeof(vec3) bytes to &out[i]: the
// elements out[i] and out[i + 1].  Thread 0 writes out[1], which thread 1
// writes too (its own out[1]), in the same barrier interval.
#include <string.h>

struct vec3 { float x, y, z; };

__global__ void copy(const vec3 *in, vec3 *out)
{
  int i = threadIdx.x;
  memcpy(&out[i], &in[i], 2 * sizeof(vec3));
}
