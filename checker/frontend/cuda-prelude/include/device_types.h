/* mapcheck: rounding modes (CUDA's device_types.h). */
#ifndef __MAPCHECK_DEVICE_TYPES_H
#define __MAPCHECK_DEVICE_TYPES_H
#define __DEVICE_TYPES_H__ /* NVIDIA's include guard */
enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };
#endif
