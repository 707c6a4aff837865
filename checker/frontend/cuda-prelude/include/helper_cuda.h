/* mapcheck: the CUDA SDK samples' helper_cuda.h (error checking and device
 * selection for host code).  Declarations; like the SDK's, it brings in
 * the C headers samples rely on. */
#ifndef __MAPCHECK_HELPER_CUDA_H
#define __MAPCHECK_HELPER_CUDA_H
#include "host_defines.h" /* before any C++ header: clang's CUDA wrappers of them use __host__ */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime.h"
#include "helper_string.h"

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif

template <typename T> void check(T result, char const *const func, const char *const file, int const line);
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
void __getLastCudaError(const char *errorMessage, const char *file, const int line);
void __printLastCudaError(const char *errorMessage, const char *file, const int line);
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)
const char *_cudaGetErrorEnum(cudaError_t error);
int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
int gpuDeviceInit(int devID);
int gpuGetMaxGflopsDeviceId();
int findCudaDevice(int argc, const char **argv);
int findIntegratedGPU();
bool checkCudaCapabilities(int major_version, int minor_version);

#endif
