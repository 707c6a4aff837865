/* mapcheck: the surface reference template `surface<void, dim>` (CUDA's
 * cuda_surface_types.h).  Device code reads and writes it with the surf*
 * functions of surface_functions.h. */
#ifndef __MAPCHECK_CUDA_SURFACE_TYPES_H
#define __MAPCHECK_CUDA_SURFACE_TYPES_H
#define __CUDA_SURFACE_TYPES_H__ /* NVIDIA's include guard */
#include "channel_descriptor.h"
#include "surface_types.h"

template <class T, int dim = 1>
struct __device_builtin_surface_type__ surface : public surfaceReference {
  __host__ surface(void);
  __host__ surface(struct cudaChannelFormatDesc desc);
};

#endif
