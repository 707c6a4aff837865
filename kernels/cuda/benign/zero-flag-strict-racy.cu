//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1 --strict
// Racy under --strict (GPUVerify's --no-benign-tolerance): the kernel of
// zero-flag-drf.cu, whose threads all store 0 in y[0] with no barrier
// between them.  The stores agree, but they are still unordered accesses
// to one cell, which is what --strict asks to report.
__global__ void reset(float *x, float *y)
{
  unsigned int t = threadIdx.x;
  x[t] = 2.0f * x[t];
  y[0] = 0;
}
