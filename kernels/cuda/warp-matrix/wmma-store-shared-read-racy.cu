//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// Warp 0 stores its accumulator tile into shared memory (column-major,
// ldm 16) and warp 1 copies the tile out with no barrier in between:
// tile[t] for t < 32 is written by some lane of warp 0 (every element of
// the tile is written by one of its lanes) and read by thread 32 + t of
// warp 1.  Threads of two warps, no barrier: a race on `tile`.  With a
// __syncthreads() before the copy the kernel would be race-free.
#include <mma.h>
using namespace nvcuda;

__global__ void gemm(const half *a, const half *b, float *d) {
  __shared__ float tile[16 * 16];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  if (warp == 0) {
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(tile, acc, 16, wmma::mem_col_major);
  }
  if (warp == 1)
    for (unsigned i = lane; i < 16 * 16; i += 32)
      d[blockIdx.x * 256 + i] = tile[i];
}
