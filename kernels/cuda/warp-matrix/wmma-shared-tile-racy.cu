//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// wmma-shared-tile-drf.cu without the barrier: warp 1 writes the shared
// tile while warp 0 loads it with load_matrix_sync.  The load reads every
// element of the 16 x 16 tile (by some lane of warp 0), among them
// tile[0], which lane 0 of warp 1 (thread 32) writes; threads of two warps
// with no barrier between: a race on `tile`.
#include <mma.h>
using namespace nvcuda;

__global__ void gemm(const half *a, const half *b, const float *c, float *d, unsigned ld) {
  __shared__ half tile[16 * 16];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 1)
    for (unsigned i = lane; i < 16 * 16; i += 32)
      tile[i] = a[blockIdx.x * 256 + i];
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
