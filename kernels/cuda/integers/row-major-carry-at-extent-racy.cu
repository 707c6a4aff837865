//xfail:NOT_ALL_VERIFIED
//--blockDim=16 --gridDim=1
// Racy: p = &tile[0][0] walks the 2x16 array row by row (C lays arrays
// out row-major, and indexing p past the first row stays within the
// object `tile`), so p[threadIdx.x + 1] is tile[0][threadIdx.x + 1] for
// threads 0..14 and, for thread 15, p[16] = tile[1][0] — the index equals
// the row's extent 16, which carries into the next row.  Thread 0 reads
// tile[1][0] with no barrier between: thread 15's write and thread 0's
// read of one cell race.  (Every other write is in row 0, which no thread
// reads, and the writes hit distinct cells.)
__global__ void k(float *out)
{
  __shared__ float tile[2][16];
  float *p = &tile[0][0];
  p[threadIdx.x + 1] = 1.0f;
  out[threadIdx.x] = tile[1][threadIdx.x];
}
