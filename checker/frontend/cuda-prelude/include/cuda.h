/* mapcheck: CUDA's cuda.h, the driver API (CUresult, cuInit, cuMemAlloc,
 * cuLaunchKernel …), for host code.  Like GPUVerify's cuda.h, it also
 * brings in what kernels written for GPUVerify expect after
 * `#include <cuda.h>`: the runtime, cooperative groups, cuRAND's device
 * API and the math constants. */
#ifndef __MAPCHECK_CUDA_H
#define __MAPCHECK_CUDA_H
#include "cuda_runtime.h"
#include "math_constants.h"
#include "cooperative_groups.h"
#include "curand_kernel.h"

#define CUDA_VERSION 12000
#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUarray_st *CUarray;
typedef struct CUtexref_st *CUtexref;
typedef struct CUsurfref_st *CUsurfref;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef struct CUgraphicsResource_st *CUgraphicsResource;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
} CUdevice_attribute;

typedef enum CUjit_option_enum {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
} CUjit_option;

extern "C" {
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *driverVersion);
__host__ CUresult cuGetErrorString(CUresult error, const char **pStr);
__host__ CUresult cuGetErrorName(CUresult error, const char **pStr);
__host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
__host__ CUresult cuDeviceGetCount(int *count);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
__host__ CUresult cuDeviceTotalMem(__SIZE_TYPE__ *bytes, CUdevice dev);
__host__ CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev);
__host__ CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
__host__ CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
__host__ CUresult cuCtxDestroy(CUcontext ctx);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuCtxGetCurrent(CUcontext *pctx);
__host__ CUresult cuCtxSetCurrent(CUcontext ctx);
__host__ CUresult cuCtxPushCurrent(CUcontext ctx);
__host__ CUresult cuCtxPopCurrent(CUcontext *pctx);
__host__ CUresult cuModuleLoad(CUmodule *module, const char *fname);
__host__ CUresult cuModuleLoadData(CUmodule *module, const void *image);
__host__ CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions,
                                     CUjit_option *options, void **optionValues);
__host__ CUresult cuModuleUnload(CUmodule hmod);
__host__ CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name);
__host__ CUresult cuModuleGetGlobal(CUdeviceptr *dptr, __SIZE_TYPE__ *bytes, CUmodule hmod, const char *name);
__host__ CUresult cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod, const char *name);
__host__ CUresult cuMemAlloc(CUdeviceptr *dptr, __SIZE_TYPE__ bytesize);
__host__ CUresult cuMemAllocPitch(CUdeviceptr *dptr, __SIZE_TYPE__ *pPitch, __SIZE_TYPE__ widthInBytes,
                                  __SIZE_TYPE__ height, unsigned int elementSizeBytes);
__host__ CUresult cuMemFree(CUdeviceptr dptr);
__host__ CUresult cuMemAllocHost(void **pp, __SIZE_TYPE__ bytesize);
__host__ CUresult cuMemFreeHost(void *p);
__host__ CUresult cuMemGetInfo(__SIZE_TYPE__ *free, __SIZE_TYPE__ *total);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, __SIZE_TYPE__ ByteCount);
__host__ CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, __SIZE_TYPE__ ByteCount);
__host__ CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, __SIZE_TYPE__ ByteCount);
__host__ CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost, __SIZE_TYPE__ ByteCount,
                                    CUstream hStream);
__host__ CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, __SIZE_TYPE__ ByteCount,
                                    CUstream hStream);
__host__ CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, __SIZE_TYPE__ N);
__host__ CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, __SIZE_TYPE__ N);
__host__ CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, __SIZE_TYPE__ N);
__host__ CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra);
__host__ CUresult cuFuncSetBlockShape(CUfunction hfunc, int x, int y, int z);
__host__ CUresult cuFuncSetSharedSize(CUfunction hfunc, unsigned int bytes);
__host__ CUresult cuParamSetSize(CUfunction hfunc, unsigned int numbytes);
__host__ CUresult cuParamSeti(CUfunction hfunc, int offset, unsigned int value);
__host__ CUresult cuParamSetf(CUfunction hfunc, int offset, float value);
__host__ CUresult cuParamSetv(CUfunction hfunc, int offset, void *ptr, unsigned int numbytes);
__host__ CUresult cuLaunch(CUfunction f);
__host__ CUresult cuLaunchGrid(CUfunction f, int grid_width, int grid_height);
__host__ CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags);
__host__ CUresult cuStreamDestroy(CUstream hStream);
__host__ CUresult cuStreamSynchronize(CUstream hStream);
__host__ CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags);
__host__ CUresult cuEventRecord(CUevent hEvent, CUstream hStream);
__host__ CUresult cuEventSynchronize(CUevent hEvent);
__host__ CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd);
__host__ CUresult cuEventDestroy(CUevent hEvent);
}

#endif
