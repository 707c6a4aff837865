//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: a convergence loop.  Every thread sets the shared flag to 1
// (the same value), the threads that are not done set it to 0 (the same
// value), and after a barrier all read it: they all leave in the same
// iteration.  Between the reads and the next writes of the flag there is
// a barrier; each thread updates only its own cell of `x`.
__global__ void relax(float *x, const float *target)
{
  __shared__ int done;
  unsigned t = threadIdx.x;
  while (true) {
    done = 1;
    __syncthreads();
    if (x[t] < target[t]) done = 0;
    __syncthreads();
    if (done == 1) break;
    __syncthreads();
    x[t] = x[t] + 1.0f;
  }
  x[t] = x[t] * 2.0f;
}
