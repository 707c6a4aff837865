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

/* CUDA 12's driver error codes, with the values the driver API reference
 * gives (the SDK's older helper_cuda.h names each in a switch). */
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5,
  CUDA_ERROR_PROFILER_NOT_INITIALIZED = 6,
  CUDA_ERROR_PROFILER_ALREADY_STARTED = 7,
  CUDA_ERROR_PROFILER_ALREADY_STOPPED = 8,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_DEVICE_UNAVAILABLE = 46,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_DEVICE_NOT_LICENSED = 102,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
  CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206,
  CUDA_ERROR_ARRAY_IS_MAPPED = 207,
  CUDA_ERROR_ALREADY_MAPPED = 208,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_ALREADY_ACQUIRED = 210,
  CUDA_ERROR_NOT_MAPPED = 211,
  CUDA_ERROR_NOT_MAPPED_AS_ARRAY = 212,
  CUDA_ERROR_NOT_MAPPED_AS_POINTER = 213,
  CUDA_ERROR_ECC_UNCORRECTABLE = 214,
  CUDA_ERROR_UNSUPPORTED_LIMIT = 215,
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE = 216,
  CUDA_ERROR_PEER_ACCESS_UNSUPPORTED = 217,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_INVALID_GRAPHICS_CONTEXT = 219,
  CUDA_ERROR_NVLINK_UNCORRECTABLE = 220,
  CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_JIT_COMPILATION_DISABLED = 223,
  CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY = 224,
  CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC = 225,
  CUDA_ERROR_INVALID_SOURCE = 300,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND = 302,
  CUDA_ERROR_SHARED_OBJECT_INIT_FAILED = 303,
  CUDA_ERROR_OPERATING_SYSTEM = 304,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401,
  CUDA_ERROR_LOSSY_QUERY = 402,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING = 703,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_PEER_ACCESS_NOT_ENABLED = 705,
  CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE = 708,
  CUDA_ERROR_CONTEXT_IS_DESTROYED = 709,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_TOO_MANY_PEERS = 711,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_HARDWARE_STACK_ERROR = 714,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_MISALIGNED_ADDRESS = 716,
  CUDA_ERROR_INVALID_ADDRESS_SPACE = 717,
  CUDA_ERROR_INVALID_PC = 718,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_SYSTEM_NOT_READY = 802,
  CUDA_ERROR_SYSTEM_DRIVER_MISMATCH = 803,
  CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE = 804,
  CUDA_ERROR_MPS_CONNECTION_FAILED = 805,
  CUDA_ERROR_MPS_RPC_FAILURE = 806,
  CUDA_ERROR_MPS_SERVER_NOT_READY = 807,
  CUDA_ERROR_MPS_MAX_CLIENTS_REACHED = 808,
  CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED = 809,
  CUDA_ERROR_MPS_CLIENT_TERMINATED = 810,
  CUDA_ERROR_CDP_NOT_SUPPORTED = 811,
  CUDA_ERROR_CDP_VERSION_MISMATCH = 812,
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_MERGE = 902,
  CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903,
  CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
  CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 905,
  CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
  CUDA_ERROR_CAPTURED_EVENT = 907,
  CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908,
  CUDA_ERROR_TIMEOUT = 909,
  CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE = 910,
  CUDA_ERROR_EXTERNAL_DEVICE = 911,
  CUDA_ERROR_INVALID_CLUSTER_SIZE = 912,
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

/* NVIDIA's include guard, outside mapcheck's: defined when the file being
 * checked includes <cuda.h>, not when the prelude does (it includes this
 * header in every file, which nvcc does not).  The SDK's older
 * helper_cuda.h declares its driver API helpers only when it is defined. */
#ifndef __MAPCHECK_IN_PRELUDE
#define __cuda_cuda_h__
#endif
