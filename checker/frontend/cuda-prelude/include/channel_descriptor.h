/* mapcheck: cudaCreateChannelDesc<T>() (CUDA's channel_descriptor.h).
 * Host code only; declarations. */
#ifndef __MAPCHECK_CHANNEL_DESCRIPTOR_H
#define __MAPCHECK_CHANNEL_DESCRIPTOR_H
#define __CHANNEL_DESCRIPTOR_H__ /* NVIDIA's include guard */
#include "driver_types.h"

extern "C" __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                                    enum cudaChannelFormatKind f);
template <class T> __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

#endif
