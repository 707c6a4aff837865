//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// wmma-store-drf.cu with tiles that overlap: warp w stores its 16 x 16
// tile at d + (g * 2 + w) * 128, half a tile further than warp w - 1, so
// rows 8-15 of warp 0's tile are rows 0-7 of warp 1's.  Element d[128] of
// block 0 is written by some lane of warp 0 (its element (8, 0)) and by
// some lane of warp 1 (its element (0, 0)): threads of two warps, no
// barrier between, whichever lanes CUDA picks.  A race on `d`.
#include <mma.h>
using namespace nvcuda;

__global__ void gemm(const half *a, const half *b, float *d) {
  unsigned warp = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d + (blockIdx.x * 2 + warp) * 128, acc, 16, wmma::mem_row_major);
}
