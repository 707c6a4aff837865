/* mapcheck: CUDA's cuda_runtime.h.  The prelude includes it before every
 * .cu file, as nvcc does, so device built-ins, intrinsics, atomics, math,
 * vector types and their maths, textures and surfaces, and the host
 * runtime API (with kernel launches `k<<<g, b, shmem, stream>>>(…)`) are
 * always available. */
#ifndef __MAPCHECK_CUDA_RUNTIME_H
#define __MAPCHECK_CUDA_RUNTIME_H
/* NVIDIA's include guard: the SDK's helper_cuda.h declares its device
 * selection helpers (findCudaDevice, gpuDeviceInit …) only when it is
 * defined. */
#define __CUDA_RUNTIME_H__

#include "host_defines.h"
#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "channel_descriptor.h"
#include "cuda_texture_types.h"
#include "cuda_surface_types.h"
#include "device_launch_parameters.h"
#include "device_functions.h"
#include "math_functions.h"
#include "sm_20_atomic_functions.h"
#include "sm_30_intrinsics.h"
#include "sm_32_intrinsics.h"
#include "texture_fetch_functions.h"
#include "surface_functions.h"
#include "vector_functions.h"
#include "mapcheck_vector_math.h"

/* What nvcc's cuda_runtime.h brings into every .cu file besides the CUDA
 * API: the C library's <stdlib.h> and <string.h> (malloc, exit,
 * EXIT_FAILURE, memset …: host code written for nvcc uses them without
 * including them) and host overloads of the integer min and max (NVIDIA
 * declares them __host__ __device__).  Without them such host code does
 * not compile, and a launch in a function with errors takes no host fact
 * (docs/cuda-model.md, "Partial input").  A system without the C
 * library's headers reads them as empty files, as any missing header;
 * a kernel written for GPUVerify with its own `size_t` (the parse again
 * with __MAPCHECK_OWN_TYPEDEFS) goes without them, as before. */
#ifndef __MAPCHECK_OWN_TYPEDEFS /* a GPUVerify kernel's own 32-bit size_t */
#include <stdlib.h>
#include <string.h>
#endif
#define __MAPCHECK_HOST_MINMAX(T)                                              \
  __host__ T min(T a, T b);                                                    \
  __host__ T max(T a, T b);
__MAPCHECK_HOST_MINMAX(int)
__MAPCHECK_HOST_MINMAX(unsigned int)
__MAPCHECK_HOST_MINMAX(long long)
__MAPCHECK_HOST_MINMAX(unsigned long long)
#undef __MAPCHECK_HOST_MINMAX
__host__ unsigned int min(int a, unsigned int b);
__host__ unsigned int min(unsigned int a, int b);
__host__ unsigned int max(int a, unsigned int b);
__host__ unsigned int max(unsigned int a, int b);

/* The C++ API of the runtime (templates over the pointer or symbol type). */
template <class T> __host__ cudaError_t cudaMalloc(T **devPtr, __SIZE_TYPE__ size);
template <class T> __host__ cudaError_t cudaMallocHost(T **ptr, __SIZE_TYPE__ size, unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaMallocManaged(T **devPtr, __SIZE_TYPE__ size, unsigned int flags = cudaMemAttachGlobal);
template <class T>
__host__ cudaError_t cudaMallocPitch(T **devPtr, __SIZE_TYPE__ *pitch, __SIZE_TYPE__ width, __SIZE_TYPE__ height);
template <class T> __host__ cudaError_t cudaHostAlloc(T **ptr, __SIZE_TYPE__ size, unsigned int flags);
template <class T> __host__ cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, __SIZE_TYPE__ count,
                                        __SIZE_TYPE__ offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, __SIZE_TYPE__ count,
                                             __SIZE_TYPE__ offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                             cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, __SIZE_TYPE__ count,
                                          __SIZE_TYPE__ offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, __SIZE_TYPE__ count,
                                               __SIZE_TYPE__ offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                               cudaStream_t stream = 0);
template <class T> __host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol);
template <class T> __host__ cudaError_t cudaGetSymbolSize(__SIZE_TYPE__ *size, const T &symbol);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture(__SIZE_TYPE__ *offset, const struct texture<T, dim, readMode> &tex,
                                     const void *devPtr, const struct cudaChannelFormatDesc &desc,
                                     __SIZE_TYPE__ size = 0xffffffffu);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture(__SIZE_TYPE__ *offset, const struct texture<T, dim, readMode> &tex,
                                     const void *devPtr, __SIZE_TYPE__ size = 0xffffffffu);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture2D(__SIZE_TYPE__ *offset, const struct texture<T, dim, readMode> &tex,
                                       const void *devPtr, const struct cudaChannelFormatDesc &desc,
                                       __SIZE_TYPE__ width, __SIZE_TYPE__ height, __SIZE_TYPE__ pitch);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTexture2D(__SIZE_TYPE__ *offset, const struct texture<T, dim, readMode> &tex,
                                       const void *devPtr, __SIZE_TYPE__ width, __SIZE_TYPE__ height,
                                       __SIZE_TYPE__ pitch);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex, cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaBindTextureToMipmappedArray(const struct texture<T, dim, readMode> &tex,
                                                     cudaMipmappedArray_const_t mipmappedArray);
template <class T, int dim, enum cudaTextureReadMode readMode>
__host__ cudaError_t cudaUnbindTexture(const struct texture<T, dim, readMode> &tex);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array,
                                            const struct cudaChannelFormatDesc &desc);
template <class T, int dim>
__host__ cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array);
template <class T> __host__ cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry);
template <class T> __host__ cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value);
template <class T>
__host__ cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                                      __SIZE_TYPE__ sharedMem = 0, cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaLaunchCooperativeKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                 __SIZE_TYPE__ sharedMem = 0, cudaStream_t stream = 0);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize,
                                                                   __SIZE_TYPE__ dynamicSMemSize);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                        __SIZE_TYPE__ dynamicSMemSize = 0, int blockSizeLimit = 0);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize,
                                                                            __SIZE_TYPE__ dynamicSMemSize,
                                                                            unsigned int flags);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize, T func,
                                                                    UnaryFunction blockSizeToDynamicSMemSize,
                                                                    int blockSizeLimit = 0);
template <class UnaryFunction, class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int *minGridSize, int *blockSize,
                                                                             T func,
                                                                             UnaryFunction blockSizeToDynamicSMemSize,
                                                                             int blockSizeLimit = 0,
                                                                             unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, T func,
                                                                 __SIZE_TYPE__ dynamicSMemSize = 0,
                                                                 int blockSizeLimit = 0, unsigned int flags = 0);
template <class T>
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(__SIZE_TYPE__ *dynamicSmemSize, T func, int numBlocks,
                                                               int blockSize);
template <class T>
__host__ cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, T *func,
                                                          const cudaLaunchConfig_t *config);
template <class T>
__host__ cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, T *func, const cudaLaunchConfig_t *config);
template <class T> __host__ cudaError_t cudaFuncGetName(const char **name, const T *func);
template <class T> __host__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const T *symbolPtr);

/* Launches with attributes (clusters, priorities, L2 access windows). */
template <typename... ExpTypes, typename... ActTypes>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                                        ActTypes &&...args);
template <class T>
__host__ cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, T *func, void **args);

/* Stream-ordered allocation. */
template <class T> __host__ cudaError_t cudaMallocAsync(T **ptr, __SIZE_TYPE__ size, cudaStream_t stream);
__host__ cudaError_t cudaMallocAsync(void **ptr, __SIZE_TYPE__ size, cudaMemPool_t memPool, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocAsync(T **ptr, __SIZE_TYPE__ size, cudaMemPool_t memPool, cudaStream_t stream);
template <class T>
__host__ cudaError_t cudaMallocFromPoolAsync(T **ptr, __SIZE_TYPE__ size, cudaMemPool_t memPool,
                                             cudaStream_t stream);

/* Graphs: symbols by reference, and CUDA 11's forms of cudaGraphInstantiate
 * (error node and log buffer) and cudaGraphExecUpdate (error node and
 * result), which code written before CUDA 12 calls. */
template <class T>
__host__ cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                    const cudaGraphNode_t *pDependencies,
                                                    __SIZE_TYPE__ numDependencies, const T &symbol, const void *src,
                                                    __SIZE_TYPE__ count, __SIZE_TYPE__ offset,
                                                    enum cudaMemcpyKind kind);
template <class T>
__host__ cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies,
                                                      __SIZE_TYPE__ numDependencies, void *dst, const T &symbol,
                                                      __SIZE_TYPE__ count, __SIZE_TYPE__ offset,
                                                      enum cudaMemcpyKind kind);
template <class T>
__host__ cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, T *objectToWrap,
                                          unsigned int initialRefcount, unsigned int flags);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode,
                                          char *pLogBuffer, __SIZE_TYPE__ bufferSize);
__host__ cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphNode_t *hErrorNode_out,
                                         enum cudaGraphExecUpdateResult *updateResult_out);

#endif
