/* mapcheck: the CUDA runtime API for host code (CUDA's cuda_runtime_api.h):
 * memory, copies, symbols, streams, events, devices, errors, textures and
 * surfaces, occupancy, launches, and CUDA 12's graphs, stream capture,
 * stream-ordered allocation and memory pools, memory advice and L2
 * persistence.  Declarations only: mapcheck analyses
 * kernels, and host code only has to type-check.  The C++ conveniences
 * (templates taking `T **`, symbols by reference) are in cuda_runtime.h. */
#ifndef __MAPCHECK_CUDA_RUNTIME_API_H
#define __MAPCHECK_CUDA_RUNTIME_API_H
#define __CUDA_RUNTIME_API_H__ /* NVIDIA's include guard, which project headers test */
#include "builtin_types.h"

#define CUDART_VERSION 12000
#define __CUDART_API_VERSION CUDART_VERSION
/* The calling convention of host callbacks (`void CUDART_CB f(…)`):
 * empty except on Windows. */
#define CUDART_CB

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

/* ---- CUDA 12's further host API: declarations for host code ------------- */

/* Devices */
__host__ cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
__host__ cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice, int dstDevice);
__host__ cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
__host__ cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(int target, int scope);
__host__ cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(__SIZE_TYPE__ *maxWidthInElements,
                                                          const struct cudaChannelFormatDesc *fmtDesc, int device);
__host__ cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
__host__ cudaError_t cudaSetValidDevices(int *device_arr, int len);
__host__ cudaError_t cudaCtxResetPersistingL2Cache(void);
__host__ cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
__host__ cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
__host__ cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
                                             enum cudaDriverEntryPointQueryResult *driverStatus = 0);
__host__ cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
                                                      unsigned long long flags,
                                                      enum cudaDriverEntryPointQueryResult *driverStatus = 0);
__host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr);
__host__ cudaError_t cudaFuncGetName(const char **name, const void *func);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, __SIZE_TYPE__ value);
__host__ cudaError_t cudaThreadGetLimit(__SIZE_TYPE__ *pValue, enum cudaLimit limit);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *pCacheConfig);

/* Launches and occupancy */
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args);
__host__ cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList,
                                                            unsigned int numDevices, unsigned int flags = 0);
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                            int blockSize,
                                                                            __SIZE_TYPE__ dynamicSMemSize,
                                                                            unsigned int flags);
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(__SIZE_TYPE__ *dynamicSmemSize, const void *func,
                                                               int numBlocks, int blockSize);
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                                          const cudaLaunchConfig_t *launchConfig);
__host__ cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                                                    const cudaLaunchConfig_t *launchConfig);

/* Memory */
__host__ cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);
__host__ cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                                      unsigned int *flags, cudaArray_t array);
__host__ cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
__host__ cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                         __SIZE_TYPE__ count, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset,
                                              const void *src, __SIZE_TYPE__ spitch, __SIZE_TYPE__ width,
                                              __SIZE_TYPE__ height, enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, __SIZE_TYPE__ dpitch, cudaArray_const_t src,
                                                __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset, __SIZE_TYPE__ width,
                                                __SIZE_TYPE__ height, enum cudaMemcpyKind kind,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, __SIZE_TYPE__ wOffsetDst, __SIZE_TYPE__ hOffsetDst,
                                              cudaArray_const_t src, __SIZE_TYPE__ wOffsetSrc,
                                              __SIZE_TYPE__ hOffsetSrc, __SIZE_TYPE__ width, __SIZE_TYPE__ height,
                                              enum cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
__host__ cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, __SIZE_TYPE__ wOffset, __SIZE_TYPE__ hOffset,
                                            const void *src, __SIZE_TYPE__ count, enum cudaMemcpyKind kind,
                                            cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, __SIZE_TYPE__ wOffset,
                                              __SIZE_TYPE__ hOffset, __SIZE_TYPE__ count, enum cudaMemcpyKind kind,
                                              cudaStream_t stream = 0);
__host__ __device__ cudaError_t cudaMemset2DAsync(void *devPtr, __SIZE_TYPE__ pitch, int value, __SIZE_TYPE__ width,
                                                  __SIZE_TYPE__ height, cudaStream_t stream = 0);
__host__ __device__ cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                                                  struct cudaExtent extent, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, __SIZE_TYPE__ count, struct cudaMemLocation location,
                                             unsigned int flags, cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, __SIZE_TYPE__ count, enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaMemAdvise_v2(const void *devPtr, __SIZE_TYPE__ count, enum cudaMemoryAdvise advice,
                                      struct cudaMemLocation location);
__host__ cudaError_t cudaMemRangeGetAttribute(void *data, __SIZE_TYPE__ dataSize,
                                              enum cudaMemRangeAttribute attribute, const void *devPtr,
                                              __SIZE_TYPE__ count);
__host__ cudaError_t cudaMemRangeGetAttributes(void **data, __SIZE_TYPE__ *dataSizes,
                                               enum cudaMemRangeAttribute *attributes, __SIZE_TYPE__ numAttributes,
                                               const void *devPtr, __SIZE_TYPE__ count);

/* Stream-ordered allocation and memory pools */
__host__ __device__ cudaError_t cudaMallocAsync(void **devPtr, __SIZE_TYPE__ size, cudaStream_t hStream);
__host__ __device__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, __SIZE_TYPE__ size, cudaMemPool_t memPool,
                                             cudaStream_t stream);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, __SIZE_TYPE__ minBytesToKeep);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value);
__host__ cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList,
                                          __SIZE_TYPE__ count);
__host__ cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                          struct cudaMemLocation *location);
__host__ cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *poolProps);
__host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
__host__ cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool,
                                                        enum cudaMemAllocationHandleType handleType,
                                                        unsigned int flags);
__host__ cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle,
                                                          enum cudaMemAllocationHandleType handleType,
                                                          unsigned int flags);
__host__ cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr);
__host__ cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool,
                                              struct cudaMemPoolPtrExportData *exportData);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device);
__host__ cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);

/* Streams and events */
__host__ cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
__host__ cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
__host__ cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId);
__host__ cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device);
__host__ cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
__host__ cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                                            cudaLaunchAttributeValue *value_out);
__host__ cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                                            const cudaLaunchAttributeValue *value);
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                                   const cudaGraphNode_t *dependencies,
                                                   const void *dependencyData, __SIZE_TYPE__ numDependencies,
                                                   enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
__host__ cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
__host__ cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                              unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
                                              const cudaGraphNode_t **dependencies_out = 0,
                                              __SIZE_TYPE__ *numDependencies_out = 0);
__host__ cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                         __SIZE_TYPE__ numDependencies, unsigned int flags = 0);
__host__ cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);
__host__ __device__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0,
                                                         unsigned int flags = 0);

/* CUDA Graphs */
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph);
__host__ cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                      struct cudaGraphNodeParams *nodeParams);
__host__ cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, struct cudaGraphNodeParams *nodeParams);
__host__ cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                                struct cudaGraphNodeParams *nodeParams);
__host__ cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                            const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                                  const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hSrc, cudaGraphNode_t hDst);
__host__ cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                                     cudaLaunchAttributeValue *value_out);
__host__ cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
                                                     const cudaLaunchAttributeValue *value);
__host__ cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                            const struct cudaMemcpy3DParms *pCopyParams);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                              void *dst, const void *src, __SIZE_TYPE__ count,
                                              enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                    const cudaGraphNode_t *pDependencies,
                                                    __SIZE_TYPE__ numDependencies, const void *symbol,
                                                    const void *src, __SIZE_TYPE__ count, __SIZE_TYPE__ offset,
                                                    enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies,
                                                      __SIZE_TYPE__ numDependencies, void *dst, const void *symbol,
                                                      __SIZE_TYPE__ count, __SIZE_TYPE__ offset,
                                                      enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                                    __SIZE_TYPE__ count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                            const struct cudaMemsetParams *pMemsetParams);
__host__ cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                          const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                                cudaGraph_t childGraph);
__host__ cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph);
__host__ cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies);
__host__ cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                 const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                                 cudaEvent_t event);
__host__ cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
__host__ cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
__host__ cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                               cudaEvent_t event);
__host__ cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
__host__ cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
__host__ cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                              struct cudaMemAllocNodeParams *nodeParams);
__host__ cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out);
__host__ cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, __SIZE_TYPE__ numDependencies,
                                             void *dptr);
__host__ cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out);
__host__ cudaError_t cudaDeviceGraphMemTrim(int device);
__host__ cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value);
__host__ cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value);
__host__ cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                                      unsigned int defaultLaunchValue = 0, unsigned int flags = 0);
__host__ cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                              cudaGraph_t clonedGraph);
__host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, __SIZE_TYPE__ *numNodes);
__host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                           __SIZE_TYPE__ *pNumRootNodes);
__host__ cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                       __SIZE_TYPE__ *numEdges);
__host__ cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                                  __SIZE_TYPE__ *pNumDependencies);
__host__ cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                    __SIZE_TYPE__ *pNumDependentNodes);
__host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                              const cudaGraphNode_t *to, __SIZE_TYPE__ numDependencies);
__host__ cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                 const cudaGraphNode_t *to, __SIZE_TYPE__ numDependencies);
__host__ cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags = 0);
__host__ cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                   unsigned long long flags = 0);
__host__ cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                    cudaGraphInstantiateParams *instantiateParams);
__host__ cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags);
__host__ cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const struct cudaMemcpy3DParms *pNodeParams);
__host__ cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                        const void *src, __SIZE_TYPE__ count,
                                                        enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const struct cudaMemsetParams *pNodeParams);
__host__ cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                    const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                          cudaGraph_t childGraph);
__host__ cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                          cudaEvent_t event);
__host__ cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                        cudaEvent_t event);
__host__ cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                             unsigned int isEnabled);
__host__ cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                             unsigned int *isEnabled);
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                         cudaGraphExecUpdateResultInfo *resultInfo);
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
__host__ cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags);
__host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
                                          unsigned int initialRefcount, unsigned int flags);
__host__ cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count = 1);
__host__ cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count = 1);
__host__ cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count = 1,
                                               unsigned int flags = 0);
__host__ cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count = 1);

/* Device-side runtime (dynamic parallelism) */
__device__ void *cudaGetParameterBuffer(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize, cudaStream_t stream);
/* A kernel of a graph sets the value of a conditional node's handle. */
__device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);
}

#endif
