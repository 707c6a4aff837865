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
 * that CUDA does not name (the same lane for the same element of fragments
 * of one type).  Here the lane of element (r, c) is
 *     (base + (by_position ? r * n + c : r)) % 32
 * for a `base` and a `by_position` that the checker chooses (one choice,
 * alike in every thread: `__mapcheck_undocumented_choice`).  Any other
 * thread's access to an element can meet a lane that is not its own (through
 * `base`), and any two elements of a tile can have different lanes (columns
 * of one row through `r * n + c`, rows through `r`: fewer than 32 of each),
 * so no race that some lane mapping would make is missed; a warp shorter
 * than 32 threads stores an element of a lane it lacks by its lane 0. */
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

/* Matrix A is m x k, B is k x n, an accumulator m x n; the layout of A
 * and B is in their type. */
#define __MAPCHECK_LOAD(USE, LAYOUT, ROWS, COLS, BY_ROWS)                        \
  template <int m, int n, int k, typename T, typename P>                        \
  __device__ void load_matrix_sync(fragment<USE, m, n, k, T, LAYOUT> &a,         \
                                   const P *p, unsigned ldm) {                  \
    __MAPCHECK_READ_TILE(p, ROWS, COLS, ldm, BY_ROWS)                            \
    __mapcheck_fragment_set(a);                                                 \
  }
__MAPCHECK_LOAD(matrix_a, row_major, m, k, true)
__MAPCHECK_LOAD(matrix_a, col_major, m, k, false)
__MAPCHECK_LOAD(matrix_b, row_major, k, n, true)
__MAPCHECK_LOAD(matrix_b, col_major, k, n, false)
#undef __MAPCHECK_LOAD
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

/* The value a lane stores for an element: unknown, and not alike in any
 * two threads (two lanes storing one element are not benign). */
__device__ float __mapcheck_fragment_element(void);
/* A choice CUDA makes and does not document: one value for the execution,
 * alike in every thread (the front end's intrinsic). */
__device__ unsigned int __mapcheck_undocumented_choice(void);

/* Element (r, c) stored by lane `writer` (by lane 0 in a warp that lacks
 * that lane). */
template <typename P>
__device__ void __mapcheck_store_element(P *p, unsigned r, unsigned c, unsigned ldm,
                                         layout_t layout, unsigned tid, unsigned threads,
                                         unsigned lane, unsigned writer) {
  bool present = tid - lane + writer < threads;
  if ((present && lane == writer) || (!present && lane == 0)) {
    if (layout == mem_row_major)
      p[r * ldm + c] = __mapcheck_fragment_element();
    else
      p[c * ldm + r] = __mapcheck_fragment_element();
  }
}

/* The warp writes the tile: see the top of this file. */
template <int m, int n, int k, typename T, typename P>
__device__ void store_matrix_sync(P *p, const fragment<accumulator, m, n, k, T, void> &a,
                                  unsigned ldm, layout_t layout) {
  unsigned tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned lane = tid % 32;
  unsigned base = __mapcheck_undocumented_choice();
  bool by_position = __mapcheck_undocumented_choice() % 2 == 0;
  for (unsigned r = 0; r < m; r++)
    for (unsigned c = 0; c < n; c++) {
      /* Two ways written out, not a variable assigned on either: the
       * front end keeps a condition on choices alike in every thread. */
      if (by_position)
        __mapcheck_store_element(p, r, c, ldm, layout, tid, threads, lane, (base + r * n + c) % 32);
      else
        __mapcheck_store_element(p, r, c, ldm, layout, tid, threads, lane, (base + r) % 32);
    }
}

}  // namespace wmma
}  // namespace nvcuda

#endif
