/* mapcheck: the built-in variables of device code.  The front end
 * recognises `threadIdx.x` … `gridDim.z` by these names (a member x, y or
 * z of a file-scope variable so named). */
#ifndef __MAPCHECK_DEVICE_LAUNCH_PARAMETERS_H
#define __MAPCHECK_DEVICE_LAUNCH_PARAMETERS_H
#define __DEVICE_LAUNCH_PARAMETERS_H__ /* NVIDIA's include guard */
#include "vector_types.h"

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

#endif
