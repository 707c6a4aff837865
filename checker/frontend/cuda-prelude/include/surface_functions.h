/* mapcheck: surface reads and writes in device code (CUDA's
 * surface_functions.h and surface_indirect_functions.h), for surface
 * references `surface<void, dim>` and surface objects.  A surface is
 * global memory: every `surf*write` (and a `surf*read` into `*ret`) writes
 * memory, so these are declarations the front end must model itself.
 * `x` is a byte offset, as in CUDA. */
#ifndef __MAPCHECK_SURFACE_FUNCTIONS_H
#define __MAPCHECK_SURFACE_FUNCTIONS_H
#define __SURFACE_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "cuda_surface_types.h"

#define __MAPCHECK_SURF(name, ...)                                             \
  template <class T, int D>                                                    \
  __device__ void name##read(T *ret, surface<void, D> surf, __VA_ARGS__,       \
                             enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T, int D>                                                    \
  __device__ T name##read(surface<void, D> surf, __VA_ARGS__,                  \
                          enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T, int D>                                                    \
  __device__ void name##write(T val, surface<void, D> surf, __VA_ARGS__,       \
                              enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T>                                                           \
  __device__ void name##read(T *ret, cudaSurfaceObject_t surf, __VA_ARGS__,    \
                             enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T>                                                           \
  __device__ T name##read(cudaSurfaceObject_t surf, __VA_ARGS__,               \
                          enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap); \
  template <class T>                                                           \
  __device__ void name##write(T val, cudaSurfaceObject_t surf, __VA_ARGS__,    \
                              enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
__MAPCHECK_SURF(surf1D, int x)
__MAPCHECK_SURF(surf2D, int x, int y)
__MAPCHECK_SURF(surf3D, int x, int y, int z)
__MAPCHECK_SURF(surf1DLayered, int x, int layer)
__MAPCHECK_SURF(surf2DLayered, int x, int y, int layer)
__MAPCHECK_SURF(surfCubemap, int x, int y, int face)
__MAPCHECK_SURF(surfCubemapLayered, int x, int y, int layerFace)
#undef __MAPCHECK_SURF

#endif
