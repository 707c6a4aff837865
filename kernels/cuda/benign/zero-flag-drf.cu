//pass
//--blockDim=128 --gridDim=1
// Race-free but for benign pairs: every thread stores the literal 0 in
// y[0], in one phase.  Whichever store lands last, y[0] is 0 afterwards, so
// the unordered writes cannot change the result (GPUVerify's and Faial's
// benign write/write pairs; --strict counts them: see the racy twin).  The
// other accesses are per-thread: x[t] read and written by thread t only.
__global__ void reset(float *x, float *y)
{
  unsigned int t = threadIdx.x;
  x[t] = 2.0f * x[t];
  y[0] = 0;
}
