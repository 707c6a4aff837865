//pass
//--blockDim=[64] --gridDim=[4]
// Warp matrix functions (mma.h): warp w of block g stores its 16 x 16
// accumulator tile with store_matrix_sync at d + (g * 2 + w) * 256
// (row-major, ldm 16), so the tiles of the warps are disjoint, and each
// element of a tile is written by one lane of its warp (CUDA's choice of
// lane does not matter: no other thread touches the tile).  `a` and `b`
// are only read.  Race-free.
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
  wmma::store_matrix_sync(d + (blockIdx.x * 2 + warp) * 256, acc, 16, wmma::mem_row_major);
}
