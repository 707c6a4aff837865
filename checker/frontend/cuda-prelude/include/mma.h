/* mapcheck: warp matrix functions (CUDA's mma.h, namespace nvcuda::wmma).
 *
 * A fragment is the thread's own registers: filling one or multiplying
 * fragments (`fill_fragment`, `mma_sync`) touches no memory, and the values
 * of its elements are unknown.
 *
 * `load_matrix_sync`: the warp reads the tile together, each element read by
 * a lane that CUDA does not specify.  Here every thread reads every element
 * of the tile: more reads than happen, so a race found through them may be
 * spurious, but none is missed.
 *
 * `store_matrix_sync`: the warp writes the tile, each element by one lane
 * that CUDA does not specify.  Every thread writing every element would be
 * a race between the lanes of one warp on every store; a fixed lane would
 * hide the race of an element written by another lane and read by that one.
 * So it is a declaration: a call without a body handed a pointer into an
 * array, which makes that array's verdict unknown (never DRF) and says why. */
#ifndef __MAPCHECK_MMA_H
#define __MAPCHECK_MMA_H
#define __CUDA_MMA_H__ /* NVIDIA's include guard */
#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
}
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
}  // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}  // namespace experimental

/* What a fragment of element type T holds in its registers. */
template <typename T> struct __mapcheck_storage { typedef T type; };
template <> struct __mapcheck_storage<precision::tf32> { typedef float type; };
template <> struct __mapcheck_storage<experimental::precision::u4> { typedef int type; };
template <> struct __mapcheck_storage<experimental::precision::s4> { typedef int type; };
template <> struct __mapcheck_storage<experimental::precision::b1> { typedef int type; };

/* A fragment of the warp's m x n x k operation; each thread holds
 * num_elements of it (how many is CUDA's choice; here the tile's share). */
template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment {
 public:
  typedef T element_type;
  typedef typename __mapcheck_storage<T>::type storage_element_type;
  enum { num_elements = (m * n + 31) / 32 };
  storage_element_type x[num_elements];
};

/* The thread's fragment after filling, loading or an operation: its
 * elements are unknown (the thread's own registers: a library function
 * handed a reference to them reaches no shared or global memory). */
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void __mapcheck_fragment_set(fragment<Use, m, n, k, T, Layout> &a);

template <typename Use, int m, int n, int k, typename T, typename Layout, typename V>
__device__ void fill_fragment(fragment<Use, m, n, k, T, Layout> &a, const V &v);

/* Every element of a rows x cols tile at p, row by row (element (r, c) at
 * p[r * ldm + c]) or column by column (at p[c * ldm + r]), read by the
 * calling thread. */
#define __MAPCHECK_READ_TILE(p, rows, cols, ldm, by_rows)                      \
  for (unsigned __r = 0; __r < (unsigned)(rows); __r++)                        \
    for (unsigned __c = 0; __c < (unsigned)(cols); __c++) {                    \
      P __v = (by_rows) ? p[__r * ldm + __c] : p[__c * ldm + __r];             \
      (void)__v;                                                               \
    }

/* Matrix A is m x k, B is k x n, an accumulator m x n. */
template <int m, int n, int k, typename T, typename P>
__device__ void load_matrix_sync(fragment<matrix_a, m, n, k, T, row_major> &a, const P *p,
                                 unsigned ldm) {
  __MAPCHECK_READ_TILE(p, m, k, ldm, true)
  __mapcheck_fragment_set(a);
}
template <int m, int n, int k, typename T, typename P>
__device__ void load_matrix_sync(fragment<matrix_a, m, n, k, T, col_major> &a, const P *p,
                                 unsigned ldm) {
  __MAPCHECK_READ_TILE(p, m, k, ldm, false)
  __mapcheck_fragment_set(a);
}
template <int m, int n, int k, typename T, typename P>
__device__ void load_matrix_sync(fragment<matrix_b, m, n, k, T, row_major> &a, const P *p,
                                 unsigned ldm) {
  __MAPCHECK_READ_TILE(p, k, n, ldm, true)
  __mapcheck_fragment_set(a);
}
template <int m, int n, int k, typename T, typename P>
__device__ void load_matrix_sync(fragment<matrix_b, m, n, k, T, col_major> &a, const P *p,
                                 unsigned ldm) {
  __MAPCHECK_READ_TILE(p, k, n, ldm, false)
  __mapcheck_fragment_set(a);
}
template <int m, int n, int k, typename T, typename P>
__device__ void load_matrix_sync(fragment<accumulator, m, n, k, T, void> &a, const P *p,
                                 unsigned ldm, layout_t layout) {
  __MAPCHECK_READ_TILE(p, m, n, ldm, layout == mem_row_major)
  __mapcheck_fragment_set(a);
}
#undef __MAPCHECK_READ_TILE

/* d = a * b + c, in registers. */
template <int m, int n, int k, typename Td, typename Ta, typename La, typename Tb,
          typename Lb, typename Tc>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td, void> &d,
                         const fragment<matrix_a, m, n, k, Ta, La> &a,
                         const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                         const fragment<accumulator, m, n, k, Tc, void> &c, bool satf = false);

/* The warp writes the tile: see the top of this file. */
template <int m, int n, int k, typename T, typename P>
__device__ void store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T, void> &a,
                                  unsigned ldm, layout_t layout);

}  // namespace wmma
}  // namespace nvcuda

#endif
