//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the branch taken changes from one iteration to the next (all
// threads alike).  In an iteration that takes the first branch, thread
// t + 1 writes s[t + 1] after the barrier, at the end of the iteration;
// in the next one, taking the second branch, thread t reads s[t + 1]
// before any barrier: nothing orders the two.
__global__ void k(float *out, const int *mode, int n)
{
  __shared__ float s[65];
  unsigned t = threadIdx.x;
  float x = 0.0f;
  for (int i = 0; i < n; i++) {
    if (mode[i] != 0) {
      __syncthreads();
      s[t] = x;
    } else {
      x = x + s[t + 1];
      __syncthreads();
    }
  }
  out[t] = x;
}
