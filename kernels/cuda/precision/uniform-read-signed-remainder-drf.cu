//pass
//--blockDim=64 --gridDim=1
// Race-free: every thread reads the same cell q[0] of an array the kernel
// never writes, so t is one value in all threads, and so is t % 64 (C's
// `%` is a function of its operands, whatever their signs).  Thread i then
// writes out[t % 64 + 64 + i]: 64 consecutive cells, one per thread.
__global__ void k(float *out, const int *q)
{
  int t = q[0];
  out[(t % 64) + 64 + threadIdx.x] = (float)threadIdx.x;
}
