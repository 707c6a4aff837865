//pass
//--blockDim=64 --gridDim=4
// Warp matrix functions (mma.h).  Warp 1 of each block copies a 16 x 16
// tile of `a` into shared memory; after the barrier, warp 0 loads it as
// matrix A and the rows of `b` as matrix B (column-major), multiplies, adds
// the block's accumulator tile of `c`, and every thread writes its own
// fragment elements to d: thread t of block g writes
// d[(g * 64 + t) * num_elements + i], distinct for every (g, t, i).  `a`,
// `b` and `c` are only read, and the tile's writes (warp 1) and reads
// (warp 0) are in different phases: race-free.
#include <mma.h>
using namespace nvcuda;

__global__ void gemm(const half *a, const half *b, const float *c, float *d, unsigned ld) {
  __shared__ half tile[16 * 16];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 1)
    for (unsigned i = lane; i < 16 * 16; i += 32)
      tile[i] = a[blockIdx.x * 256 + i];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  if (warp == 0) {
    wmma::load_matrix_sync(fa, tile, 16);
    wmma::load_matrix_sync(fb, b + blockIdx.x * 16, ld);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::load_matrix_sync(acc, c + blockIdx.x * 16, ld, wmma::mem_col_major);
  }
  for (int i = 0; i < acc.num_elements; i++)
    d[(blockIdx.x * 64 + threadIdx.x) * acc.num_elements + i] = acc.x[i];
}
