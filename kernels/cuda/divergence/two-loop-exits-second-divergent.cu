//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Barrier divergence: the twin of precision/two-loop-exits-drf.cu whose
// second exit also depends on the thread: once `stop` is set (v > 1000 in
// thread 0), threads 0..4 leave while the others wait at the next round's
// first barrier.
__global__ void rounds(const int *in, int *out)
{
  __shared__ int s[64];
  __shared__ int done;
  __shared__ int stop;
  unsigned int t = threadIdx.x;
  int v = 0;
  int round = 0;
  while (true) {
    if (t == 0)
      done = in[round] < 0;
    __syncthreads();
    if (done)
      break;
    s[t] = in[64 + t] + round;
    __syncthreads();
    v += s[(t + 1) % 64];
    if (t == 0)
      stop = v > 1000;
    __syncthreads();
    round++;
    if (t < 5 && stop)
      break;
  }
  out[t] = v;
}
