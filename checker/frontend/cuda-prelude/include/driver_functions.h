/* mapcheck: CUDA's driver_functions.h, the constructors of the 3D copy
 * descriptors (make_cudaPitchedPtr, make_cudaPos, make_cudaExtent) for
 * host code.  Exact bodies, like vector_functions.h's make_<type><n>. */
#ifndef __MAPCHECK_DRIVER_FUNCTIONS_H
#define __MAPCHECK_DRIVER_FUNCTIONS_H
#define __DRIVER_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "driver_types.h"

static __inline__ __host__ struct cudaPitchedPtr make_cudaPitchedPtr(void *d, __SIZE_TYPE__ p, __SIZE_TYPE__ xsz,
                                                                     __SIZE_TYPE__ ysz) {
  struct cudaPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}
static __inline__ __host__ struct cudaPos make_cudaPos(__SIZE_TYPE__ x, __SIZE_TYPE__ y, __SIZE_TYPE__ z) {
  struct cudaPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}
static __inline__ __host__ struct cudaExtent make_cudaExtent(__SIZE_TYPE__ w, __SIZE_TYPE__ h, __SIZE_TYPE__ d) {
  struct cudaExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}

#endif
