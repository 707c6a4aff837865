/* mapcheck: the texture reference template `texture<T, dim, mode>` (CUDA's
 * cuda_texture_types.h).  A texture is read-only memory bound on the host;
 * device code reads it with the tex* functions of
 * texture_fetch_functions.h. */
#ifndef __MAPCHECK_CUDA_TEXTURE_TYPES_H
#define __MAPCHECK_CUDA_TEXTURE_TYPES_H
#define __CUDA_TEXTURE_TYPES_H__ /* NVIDIA's include guard */
#include "channel_descriptor.h"
#include "texture_types.h"

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture : public textureReference {
  __host__ texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp);
  __host__ texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc);
};

#endif
