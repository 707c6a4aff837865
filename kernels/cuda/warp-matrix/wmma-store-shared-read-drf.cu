//pass
//--blockDim=[64] --gridDim=[4]
// wmma-store-shared-read-racy.cu with the barrier: warp 0 stores its
// accumulator tile into shared memory (column-major, ldm 16), every
// thread reaches __syncthreads(), then warp 1 copies the tile out to its
// block's 256 cells of d (thread 32 + t copies elements t, t + 32, ...).
// The tile's writes and reads are in different phases, and the copies of
// different blocks go to disjoint parts of d: race-free.
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
  __syncthreads();
  if (warp == 1)
    for (unsigned i = lane; i < 16 * 16; i += 32)
      d[blockIdx.x * 256 + i] = tile[i];
}
