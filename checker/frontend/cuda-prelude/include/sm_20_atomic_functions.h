/* mapcheck: CUDA's atomic functions (sm_20 … sm_90: also the `_block` and
 * `_system` scopes).  Declarations only: the front end models every call
 * whose name starts with `atomic` as an atomic access to its first
 * argument, and its result as an unknown value. */
#ifndef __MAPCHECK_SM_20_ATOMIC_FUNCTIONS_H
#define __MAPCHECK_SM_20_ATOMIC_FUNCTIONS_H
#define __SM_20_ATOMIC_FUNCTIONS_H__ /* NVIDIA's include guard */
#include "host_defines.h"

#define __MAPCHECK_ATOMIC_T(name, T) __device__ T name(T *address, T val);
#define __MAPCHECK_ATOMIC_ALL(name)                                            \
  __MAPCHECK_ATOMIC_T(name, int)                                               \
  __MAPCHECK_ATOMIC_T(name, unsigned int)                                      \
  __MAPCHECK_ATOMIC_T(name, long long)                                         \
  __MAPCHECK_ATOMIC_T(name, unsigned long long)                                \
  __MAPCHECK_ATOMIC_T(name, float)                                             \
  __MAPCHECK_ATOMIC_T(name, double)
#define __MAPCHECK_ATOMIC_SCOPES(name)                                         \
  __MAPCHECK_ATOMIC_ALL(name)                                                  \
  __MAPCHECK_ATOMIC_ALL(name##_block)                                          \
  __MAPCHECK_ATOMIC_ALL(name##_system)
__MAPCHECK_ATOMIC_SCOPES(atomicAdd)
__MAPCHECK_ATOMIC_SCOPES(atomicSub)
__MAPCHECK_ATOMIC_SCOPES(atomicExch)
__MAPCHECK_ATOMIC_SCOPES(atomicMin)
__MAPCHECK_ATOMIC_SCOPES(atomicMax)
__MAPCHECK_ATOMIC_SCOPES(atomicAnd)
__MAPCHECK_ATOMIC_SCOPES(atomicOr)
__MAPCHECK_ATOMIC_SCOPES(atomicXor)
__MAPCHECK_ATOMIC_SCOPES(atomicInc)
__MAPCHECK_ATOMIC_SCOPES(atomicDec)
#undef __MAPCHECK_ATOMIC_SCOPES
#undef __MAPCHECK_ATOMIC_ALL
#undef __MAPCHECK_ATOMIC_T

#define __MAPCHECK_ATOMIC_CAS(name)                                            \
  __device__ int name(int *address, int compare, int val);                    \
  __device__ unsigned int name(unsigned int *address, unsigned int compare,   \
                               unsigned int val);                             \
  __device__ unsigned long long name(unsigned long long *address,             \
                                     unsigned long long compare,              \
                                     unsigned long long val);                 \
  __device__ unsigned short name(unsigned short *address, unsigned short compare, \
                                 unsigned short val);
__MAPCHECK_ATOMIC_CAS(atomicCAS)
__MAPCHECK_ATOMIC_CAS(atomicCAS_block)
__MAPCHECK_ATOMIC_CAS(atomicCAS_system)
#undef __MAPCHECK_ATOMIC_CAS

#endif
