/* mapcheck: GPUVerify's specification language for CUDA kernels, so that
 * kernels annotated for GPUVerify compile (the prelude includes this file,
 * as GPUVerify's own front end provides them without an include).
 *
 * How the front end reads them (checker/frontend/src/cuda/infer/calls.rs,
 * cells.rs):
 *  - `__requires(e)` and `__assume(e)` at the top level of the kernel's
 *    body make `e` an assumption of the kernel, about each thread when it
 *    depends on the thread; reads in `e` are not accesses;
 *  - `__other_int(x)`, `__other_bool(b)` in such an `e` are the other
 *    thread's `x` (the assumption holds for both orders of two threads),
 *    and `a[__other_int(i)]` the other thread's value of `a[i]`;
 *  - `__invariant`, `__global_invariant`, `__ensures`, `__assert*`,
 *    `__function_wide_invariant`, `__read`, `__write`, `__no_read`,
 *    `__no_write`, `__read_offset_bytes`, `__write_offset_bytes` are
 *    recognised by name and ignored (their arguments are not evaluated);
 *  - `__implies(a, b)` and `__add_noovfl(a, b)` have exact bodies, so an
 *    assumption built with them is understood;
 *  - the rest are declarations: their values are unknown. */
#ifndef __MAPCHECK_GPUVERIFY_H
#define __MAPCHECK_GPUVERIFY_H
#include "host_defines.h"

/* Contracts, assertions, invariants. */
__device__ void __requires(bool e);
__device__ void __global_requires(bool e);
__device__ void __ensures(bool e);
__device__ void __global_ensures(bool e);
__device__ void __assume(bool e);
__device__ void __assert(bool e);
__device__ void __global_assert(bool e);
__device__ bool __invariant(bool e);
__device__ bool __global_invariant(bool e);
__device__ bool __candidate_invariant(bool e);
__device__ bool __candidate_global_invariant(bool e);
__device__ void __function_wide_invariant(bool e);
__device__ void __function_wide_candidate_invariant(bool e);
template <typename... A> __device__ void __barrier_invariant(bool e, A... instantiations);
template <typename... A> __device__ void __barrier_invariant_binary(bool e, A... instantiations);
/* `__axiom(e);` at file scope: an assumption about uniform values. */
#define __axiom(e)                                                             \
  __device__ static inline void __MAPCHECK_CAT(__mapcheck_axiom_, __COUNTER__)(void) { __assume(e); }

/* Logic. */
__device__ __forceinline__ bool __implies(bool a, bool b) { return !a || b; }
__device__ bool __same_group(void);
__device__ bool __enabled(void);
__device__ bool __uniform_int(int x);
__device__ bool __uniform_bool(bool b);
__device__ bool __uniform_ptr(const volatile void *p);
__device__ bool __distinct_int(int x);
__device__ bool __distinct_bool(bool b);
__device__ bool __at_most_one(bool b);
__device__ int __other_int(int x);
__device__ bool __other_bool(bool b);
__device__ void *__other_ptr(const volatile void *p);
/* GPUVerify's `__all(e)` is CUDA's warp vote `__all` (sm_30_intrinsics.h). */

/* Arithmetic predicates. */
__device__ __forceinline__ bool __add_noovfl(unsigned int a, unsigned int b) {
  return a + b >= a;
}
__device__ __forceinline__ bool __add_noovfl(int a, int b) {
  return b >= 0 ? a <= 2147483647 - b : a >= -2147483647 - 1 - b;
}
__device__ bool __add_noovfl_unsigned(unsigned int a, unsigned int b);
__device__ bool __add_noovfl_signed(int a, int b);
__device__ bool __is_pow2(unsigned int x);
__device__ unsigned int __mod_pow2(unsigned int x, unsigned int y);

/* Accesses and pointers. */
__device__ bool __read(const volatile void *p);
__device__ bool __write(const volatile void *p);
__device__ bool __atomic(const volatile void *p);
__device__ bool __no_read(const volatile void *p);
__device__ bool __no_write(const volatile void *p);
__device__ bool __read_implies(const volatile void *p, bool e);
__device__ bool __write_implies(const volatile void *p, bool e);
__device__ bool __atomic_implies(const volatile void *p, bool e);
__device__ __SIZE_TYPE__ __read_offset_bytes(const volatile void *p);
__device__ __SIZE_TYPE__ __write_offset_bytes(const volatile void *p);
__device__ __SIZE_TYPE__ __atomic_offset_bytes(const volatile void *p);
__device__ __SIZE_TYPE__ __ptr_offset_bytes(const volatile void *p);
__device__ const volatile void *__ptr_base(const volatile void *p);
__device__ bool __requires_fresh_array(const volatile void *p);
template <typename T> __device__ void __array_snapshot(T *dst, const T *src);

/* Return values and old values in postconditions. */
__device__ int __return_val_int(void);
__device__ bool __return_val_bool(void);
__device__ void *__return_val_ptr(void);
__device__ void *__return_val_funptr_impl(void);
#define __return_val_funptr(T) ((T)__return_val_funptr_impl())
#define __old_int(x) (x)
#define __old_bool(x) (x)

#endif
