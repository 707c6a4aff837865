//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[1]
// One warp stores its accumulator tile twice, the second time one row
// further (d + 16, ldm 16), with no __syncwarp() between: element (1, c)
// of the first store and element (0, c) of the second are the same cell
// d[16 + c].  CUDA does not say which lane stores which element, and lanes
// are not ordered without a barrier, so a race-free answer would need every
// permitted lane mapping to store both with the same lane; a mapping that
// gives rows 0 and 1 different lanes (as a 16 x 16 accumulator's layout on
// current GPUs does) makes two threads write d[16 + c] unordered.  A race
// on `d` (and in `one_store`, a row stride of 8 makes elements (0, 8) and
// (1, 0) of a single store the same cell d[8]).
#include <mma.h>
using namespace nvcuda;

__global__ void two_stores(float *d) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(d + 16, acc, 16, wmma::mem_row_major);
}

__global__ void one_store(float *d) {
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::store_matrix_sync(d, acc, 8, wmma::mem_row_major);
}
