//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
// Racy: a block-stride loop over two rows of N = 6 whose last iteration
// ends exactly at the row's edge.  With blockDim.x = 4, thread 1 runs
// i = 1, 5 and thread 0 runs i = 0, 4 (i < 6).  In row r = 0, thread 1
// at i = 5 = N - 1 writes a[0 * 6 + 5 + 1] = a[6]; in row r = 1, thread 0
// at i = 0 reads a[1 * 6 + 0] = a[6].  No barrier separates the rows, so
// the write and the read of a[6] by two threads race.  The index's
// in-row part i + 1 reaches N (not below it) only at i = N - 1, the edge
// of the loop's range: the range of the loop says 4k + t < 6, not 4k + t
// + 1 < 6.
#define N 6
__global__ void edge(float *a, float *out)
{
  float x = 0.0f;
  for (int r = 0; r < 2; r++)
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
      if (i == N - 1)
        a[r * N + i + 1] = 1.0f;
      else if (i == 0)
        x += a[r * N + i];
    }
  out[threadIdx.x] = x;
}
