//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads clear the flag and read it with no barrier in between:
// thread 0 may read `done` while thread 1 writes it (and the threads may
// then disagree on leaving the loop).
__global__ void k(float *x)
{
  __shared__ int done;
  unsigned t = threadIdx.x;
  while (true) {
    done = 1;
    __syncthreads();
    if (x[t] > 0.0f) done = 0;
    if (done == 1) break;
    __syncthreads();
    x[t] = x[t] - 1.0f;
    __syncthreads();
  }
}
