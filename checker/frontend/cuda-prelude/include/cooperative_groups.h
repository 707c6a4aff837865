/* mapcheck: CUDA's cooperative groups (cooperative_groups.h).
 *
 * Synchronisation: `sync(g)` / `synchronize(g)` on a thread block or a
 * grid have bodies calling `__syncthreads()` (a block) or
 * `__mapcheck_grid_sync()` (a grid), which the front end recognises as
 * barriers (a grid barrier also orders the threads of a block, and the
 * threads of different blocks).  On a tile of `Size` threads they call
 * `__mapcheck_tile_sync(Size)`, the barrier of the tile (it orders the
 * threads of one tile, `proofs-notes/scoped-barriers.md`); on a coalesced
 * group, whose membership is not known, `__mapcheck_group_sync()`, which
 * orders nothing.
 * The member functions `g.sync()` have the same bodies; the front end
 * recognises `thread_block::sync` and `grid_group::sync` by name, and
 * inlines the other methods of these classes like the user's.
 * `thread_rank`, `size` and the block/thread indices of a block have exact
 * bodies in terms of threadIdx/blockIdx/blockDim; a `thread_group` (a
 * group of any kind) has none, so its `sync()` orders nothing. */
#ifndef __MAPCHECK_COOPERATIVE_GROUPS_H
#define __MAPCHECK_COOPERATIVE_GROUPS_H
#define _COOPERATIVE_GROUPS_H_ /* NVIDIA's include guard */
#include "cuda_runtime.h"

/* A barrier of the whole grid: the front end keeps it in the kernel
 * checked across blocks, where block barriers order nothing. */
__device__ void __mapcheck_grid_sync(void);
/* The barrier of the tiles of `size` consecutive threads of a block. */
__device__ void __mapcheck_tile_sync(unsigned int size);
/* The barrier of a group of unknown membership: orders nothing. */
__device__ void __mapcheck_group_sync(void);

namespace cooperative_groups {

class thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
};

class thread_block : public thread_group {
 public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned int num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

class grid_group : public thread_group {
 public:
  __device__ void sync() const { __mapcheck_grid_sync(); }
  __device__ bool is_valid() const;
  __device__ unsigned long long thread_rank() const {
    return ((unsigned long long)((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x)) *
               (blockDim.x * blockDim.y * blockDim.z) +
           (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned long long size() const {
    return (unsigned long long)(gridDim.x * gridDim.y * gridDim.z) * (blockDim.x * blockDim.y * blockDim.z);
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  __device__ unsigned long long num_blocks() const { return gridDim.x * gridDim.y * gridDim.z; }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};

class multi_grid_group : public thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned int grid_rank() const;
  __device__ unsigned int num_grids() const;
};

/* Warp-level groups: their collectives return values of other lanes. */
class coalesced_group : public thread_group {
 public:
  __device__ void sync() const { __mapcheck_group_sync(); }
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long meta_group_rank() const;
  __device__ unsigned long long meta_group_size() const;
  template <class T> __device__ T shfl(T var, unsigned int srcRank) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
};

template <unsigned int Size, class ParentT = void> class thread_block_tile : public thread_group {
 public:
  static constexpr unsigned int num_threads_v = Size;
  __device__ thread_block_tile() {}
  /* A tile of a known parent converts to a tile of any parent (`thread_block_tile<32>`). */
  template <class P> __device__ thread_block_tile(const thread_block_tile<Size, P> &) {}
  __device__ void sync() const { __mapcheck_tile_sync(Size); }
  /* A tile of a thread block: consecutive ranks of the block. */
  __device__ unsigned long long thread_rank() const {
    return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) % Size;
  }
  __device__ unsigned long long meta_group_rank() const {
    return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) / Size;
  }
  __device__ unsigned long long meta_group_size() const {
    return (blockDim.x * blockDim.y * blockDim.z + Size - 1) / Size;
  }
  __device__ unsigned long long size() const { return Size; }
  __device__ unsigned long long num_threads() const { return Size; }
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ multi_grid_group this_multi_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT> __device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent, unsigned int tilesz);
__device__ coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tilesz);
/* Partitions by a per-thread value: groups of unknown membership, so a
 * `coalesced_group` (its rank has no body, its `sync()` orders nothing).
 * Not a tile: two lanes of one warp may get the same rank. */
__device__ coalesced_group binary_partition(const coalesced_group &g, bool pred);
template <unsigned int Size, class ParentT>
__device__ coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &g, bool pred);
__device__ coalesced_group labeled_partition(const coalesced_group &g, int label);
template <unsigned int Size, class ParentT>
__device__ coalesced_group labeled_partition(const thread_block_tile<Size, ParentT> &g, int label);

/* Free functions: barriers by group kind (see the top of the file). */
__device__ __forceinline__ void sync(const thread_block &) { __syncthreads(); }
__device__ __forceinline__ void sync(const grid_group &) { __mapcheck_grid_sync(); }
__device__ __forceinline__ void sync(const coalesced_group &) { __mapcheck_group_sync(); }
template <unsigned int Size, class ParentT>
__device__ __forceinline__ void sync(const thread_block_tile<Size, ParentT> &) { __mapcheck_tile_sync(Size); }
__device__ void sync(const thread_group &g);
__device__ void sync(const multi_grid_group &g);
__device__ __forceinline__ void synchronize(const thread_block &) { __syncthreads(); }
__device__ __forceinline__ void synchronize(const grid_group &) { __mapcheck_grid_sync(); }
__device__ __forceinline__ void synchronize(const coalesced_group &) { __mapcheck_group_sync(); }
template <unsigned int Size, class ParentT>
__device__ __forceinline__ void synchronize(const thread_block_tile<Size, ParentT> &) { __mapcheck_tile_sync(Size); }

__device__ __forceinline__ unsigned int thread_rank(const thread_block &) {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ unsigned int group_size(const thread_block &) {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ __forceinline__ unsigned long long thread_rank(const grid_group &) {
  return ((unsigned long long)((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x)) *
             (blockDim.x * blockDim.y * blockDim.z) +
         (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ unsigned long long group_size(const grid_group &) {
  return (unsigned long long)(gridDim.x * gridDim.y * gridDim.z) * (blockDim.x * blockDim.y * blockDim.z);
}
template <unsigned int Size, class ParentT>
__device__ __forceinline__ unsigned long long thread_rank(const thread_block_tile<Size, ParentT> &) {
  return ((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x) % Size;
}
template <unsigned int Size, class ParentT>
__device__ __forceinline__ unsigned long long group_size(const thread_block_tile<Size, ParentT> &) {
  return Size;
}
__device__ unsigned long long thread_rank(const coalesced_group &g);
__device__ unsigned long long group_size(const coalesced_group &g);
__device__ unsigned long long thread_rank(const thread_group &g);
__device__ unsigned long long group_size(const thread_group &g);

}  // namespace cooperative_groups

#endif
