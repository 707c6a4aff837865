/* mapcheck: the CUDA runtime API for host code (CUDA's cuda_runtime_api.h):
 * memory, copies, symbols, streams, events, devices, errors, textures and
 * surfaces, occupancy, launches.  Declarations only: mapcheck analyses
 * kernels, and host code only has to type-check.  The C++ conveniences
 * (templates taking `T **`, symbols by reference) are in cuda_runtime.h. */
#ifndef __MAPCHECK_CUDA_RUNTIME_API_H
#define __MAPCHECK_CUDA_RUNTIME_API_H
#include "builtin_types.h"

#define CUDART_VERSION 12000
#define __CUDART_API_VERSION CUDART_VERSION

#include "device_functions.h" /* size_t */

extern "C" {
/* Kernel launches: clang lowers `k<<<grid, block, shmem, stream>>>(…)` to
 * one of these (which one depends on the CUDA version it assumes). */
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, __SIZE_TYPE__ sharedMem = 0,
                                       cudaStream_t stream = 0);
__host__ unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                              __SIZE_TYPE__ sharedMem = 0, struct CUstream_st *stream = 0);
__host__ cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, __SIZE_TYPE__ *sharedMem,
                                                void *stream);
__host__ cudaError_t cudaSetupArgument(const void *arg, __SIZE_TYPE__ size, __SIZE_TYPE__ offset);
__host__ cudaError_t cudaLaunch(const void *func);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                      __SIZE_TYPE__ sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                                 void **args, __SIZE_TYPE__ sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData);
__host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
__host__ cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                                   int blockSize, __SIZE_TYPE__ dynamicSMemSize);
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, const void *func,
                                                        __SIZE_TYPE__ dynamicSMemSize, int blockSizeLimit);

/* Devices */
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__host__ cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaDeviceReset(void);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, __SIZE_TYPE__ value);
__host__ cudaError_t cudaDeviceGetLimit(__SIZE_TYPE__ *value, enum cudaLimit limit);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *cacheConfig);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
__host__ cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaDriverGetVersion(int *driverVersion);
__host__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

/* Errors */
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);

/* Memory */
__host__ cudaError_t cudaMalloc(void **devPtr, __SIZE_TYPE__ size);
__host__ cudaError_t cudaMallocHost(void **ptr, __SIZE_TYPE__ size);
__host__ cudaError_t cudaMallocManaged(void **devPtr, __SIZE_TYPE__ size, unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocPitch(void **devPtr, __SIZE_TYPE__ *pitch, __SIZE_TYPE__ width, __SIZE_TYPE__ height);
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent);
__host__ cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                     __SIZE_TYPE__ width, __SIZE_TYPE__ height = 0, unsigned int flags = 0);
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                       struct cudaExtent extent, unsigned int flags = 0);
__host__ cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                              const struct cudaChannelFormatDesc *desc, struct cudaExtent extent,
                                              unsigned int numLevels, unsigned int flags = 0);
__host__ cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                                unsigned int level);
__host__ cudaError_t cudaHostAlloc(void **pHost, __SIZE_TYPE__ size, unsigned int flags);
__host__ cudaError_t cudaHostRegister(void *ptr, __SIZE_TYPE__ size, unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
__host__ __device__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
__host__ cudaError_t cudaMemGetInfo(__SIZE_TYPE__ *free, __SIZE_TYPE__ *total);
__host__ cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, __SIZE_TYPE__ count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, __SIZE_TYPE__ count);
__host__ cudaError_t cudaMemcpy2D(void *dst, __SIZE_TYPE__ dpitch, const void *src, __SIZE_TYPE__ spitch,
                                  __SIZE_TYPE__ width, __SIZE_TYPE__ height, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset,
                                       const void *src, __SIZE_TYPE__ count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, __SIZE_TYPE__ wOffset,
                                         __SIZE_TYPE__ hOffset, __SIZE_TYPE__ count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset,
                                         const void *src, __SIZE_TYPE__ spitch, __SIZE_TYPE__ width,
                                         __SIZE_TYPE__ height, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DFromArray(void *dst, __SIZE_TYPE__ dpitch, cudaArray_const_t src,
                                           __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset, __SIZE_TYPE__ width,
                                           __SIZE_TYPE__ height, enum cudaMemcpyKind kind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, __SIZE_TYPE__ count,
                                                enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, __SIZE_TYPE__ dpitch, const void *src, __SIZE_TYPE__ spitch,
                                       __SIZE_TYPE__ width, __SIZE_TYPE__ height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, __SIZE_TYPE__ count,
                                        __SIZE_TYPE__ offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, __SIZE_TYPE__ count,
                                          __SIZE_TYPE__ offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, __SIZE_TYPE__ count,
                                             __SIZE_TYPE__ offset, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, __SIZE_TYPE__ count,
                                               __SIZE_TYPE__ offset, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(__SIZE_TYPE__ *size, const void *symbol);
__host__ cudaError_t cudaMemset(void *devPtr, int value, __SIZE_TYPE__ count);
__host__ cudaError_t cudaMemset2D(void *devPtr, __SIZE_TYPE__ pitch, int value, __SIZE_TYPE__ width,
                                  __SIZE_TYPE__ height);
__host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent);
__host__ __device__ cudaError_t cudaMemsetAsync(void *devPtr, int value, __SIZE_TYPE__ count,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, __SIZE_TYPE__ count, int dstDevice,
                                          cudaStream_t stream = 0);
__host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
__host__ cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
__host__ cudaError_t cudaIpcCloseMemHandle(void *devPtr);

/* Streams and events */
__host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                           unsigned int flags);
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, __SIZE_TYPE__ length = 0,
                                              unsigned int flags = cudaMemAttachSingle);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

/* Textures and surfaces */
__host__ cudaError_t cudaBindTexture(__SIZE_TYPE__ *offset, const struct textureReference *texref,
                                     const void *devPtr, const struct cudaChannelFormatDesc *desc,
                                     __SIZE_TYPE__ size = 0xffffffffu);
__host__ cudaError_t cudaBindTexture2D(__SIZE_TYPE__ *offset, const struct textureReference *texref,
                                       const void *devPtr, const struct cudaChannelFormatDesc *desc,
                                       __SIZE_TYPE__ width, __SIZE_TYPE__ height, __SIZE_TYPE__ pitch);
__host__ cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaBindTextureToMipmappedArray(const struct textureReference *texref,
                                                     cudaMipmappedArray_const_t mipmappedArray,
                                                     const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaUnbindTexture(const struct textureReference *texref);
__host__ cudaError_t cudaGetTextureAlignmentOffset(__SIZE_TYPE__ *offset, const struct textureReference *texref);
__host__ cudaError_t cudaGetTextureReference(const struct textureReference **texref, const void *symbol);
__host__ cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaGetSurfaceReference(const struct surfaceReference **surfref, const void *symbol);
__host__ cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array);
__host__ cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
                                             const struct cudaTextureDesc *pTexDesc,
                                             const struct cudaResourceViewDesc *pResViewDesc);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
__host__ cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const struct cudaResourceDesc *pResDesc);
__host__ cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);

/* Graphics interoperability */
__host__ cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
__host__ cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream = 0);
__host__ cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, __SIZE_TYPE__ *size,
                                                          cudaGraphicsResource_t resource);
__host__ cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
                                                           unsigned int arrayIndex, unsigned int mipLevel);

/* Profiler */
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);

/* Device-side runtime (dynamic parallelism) */
__device__ void *cudaGetParameterBuffer(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
}

#endif
