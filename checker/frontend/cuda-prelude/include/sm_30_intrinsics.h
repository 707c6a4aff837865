/* mapcheck: warp-level intrinsics (CUDA's sm_20/sm_30/sm_70 intrinsics):
 * votes, shuffles, matches, reductions.  Declarations: the values they
 * return come from other lanes, unknown to the front end; `__syncwarp` is
 * in device_functions.h. */
#ifndef __MAPCHECK_SM_30_INTRINSICS_H
#define __MAPCHECK_SM_30_INTRINSICS_H
#define __SM_30_INTRINSICS_H__ /* NVIDIA's include guard */
#include "host_defines.h"

/* Votes (the unsynchronised forms are the pre-Volta ones). */
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned int __ballot(int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ unsigned int __uni_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);

/* Shuffles, for every type CUDA supports. */
#define __MAPCHECK_SHFL(T)                                                     \
  __device__ T __shfl(T var, int srcLane, int width = 32);                     \
  __device__ T __shfl_up(T var, unsigned int delta, int width = 32);           \
  __device__ T __shfl_down(T var, unsigned int delta, int width = 32);         \
  __device__ T __shfl_xor(T var, int laneMask, int width = 32);                \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32); \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32); \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32);
__MAPCHECK_SHFL(int)
__MAPCHECK_SHFL(unsigned int)
__MAPCHECK_SHFL(long)
__MAPCHECK_SHFL(unsigned long)
__MAPCHECK_SHFL(long long)
__MAPCHECK_SHFL(unsigned long long)
__MAPCHECK_SHFL(float)
__MAPCHECK_SHFL(double)
#undef __MAPCHECK_SHFL

/* Matches and warp reductions (sm_70, sm_80). */
#define __MAPCHECK_MATCH(T)                                                    \
  __device__ unsigned int __match_any_sync(unsigned int mask, T value);       \
  __device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred);
__MAPCHECK_MATCH(int)
__MAPCHECK_MATCH(unsigned int)
__MAPCHECK_MATCH(long)
__MAPCHECK_MATCH(unsigned long)
__MAPCHECK_MATCH(long long)
__MAPCHECK_MATCH(unsigned long long)
__MAPCHECK_MATCH(float)
__MAPCHECK_MATCH(double)
#undef __MAPCHECK_MATCH
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

#endif
