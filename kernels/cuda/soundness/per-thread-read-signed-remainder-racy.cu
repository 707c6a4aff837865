//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: as precision/uniform-read-signed-remainder-drf.cu, but each
// thread reads its own q[threadIdx.x], so the offsets t % 64 differ
// between threads: with q[0] = 1 and q[1] = 0, thread 0 writes
// out[1 + 64 + 0] and thread 1 writes out[0 + 64 + 1], different values
// (their indices) into one cell.
__global__ void k(float *out, const int *q)
{
  int t = q[threadIdx.x];
  out[(t % 64) + 64 + threadIdx.x] = (float)threadIdx.x;
}
