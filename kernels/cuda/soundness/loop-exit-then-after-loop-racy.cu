//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: in the iteration that leaves the loop, thread t reads s[t + 1]
// just before the exit, and after the loop (no barrier in between) thread
// t + 1 writes s[t + 1].
__global__ void k(float *out, int n)
{
  __shared__ float s[65];
  __shared__ int go;
  unsigned t = threadIdx.x;
  float v = 0.0f;
  while (true) {
    __syncthreads();
    if (t == 0) go = n--;
    __syncthreads();
    v = v + s[t + 1];
    if (go <= 0) break;
    __syncthreads();
    s[t] = v;
  }
  s[t] = 0.0f;
  out[t] = v;
}
