//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[1]
// Racy: p = &tile[0][0] walks the 2x16 array row by row, so p[16] is
// tile[1][0].  Thread 16 writes p[16]; thread 0 reads tile[1][0 % 16] =
// tile[1][0]; no barrier between.
__global__ void k(float *out)
{
  __shared__ float tile[2][16];
  float *p = &tile[0][0];
  p[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = tile[1][threadIdx.x % 16];
}
