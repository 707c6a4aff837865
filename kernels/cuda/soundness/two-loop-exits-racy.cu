//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the twin of precision/two-loop-exits-drf.cu without the barrier
// between the write of s[t] and the read of s[(t + 1) % 64]: in a round
// that passes the first exit, thread 1 writes s[1] while thread 0 reads
// it.
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
    v += s[(t + 1) % 64];
    if (t == 0)
      stop = v > 1000;
    __syncthreads();
    round++;
    if (stop)
      break;
  }
  out[t] = v;
}
