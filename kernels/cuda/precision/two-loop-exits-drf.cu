//pass
//--blockDim=64 --gridDim=1
// Race-free: a barrier loop left by either of two exits, each on a
// shared flag thread 0 sets before a barrier and every thread reads after
// it: `done` (set before the first barrier of a round) and `stop` (set
// before the third), so all threads leave at the same exit in the same
// round.  Each thread writes its own s[t] and reads s[(t + 1) % 64] only
// after the next barrier; the next round's write of s[t] comes after the
// third barrier.  Thread 0 writes `done` again only after the third
// barrier, after every read of it (before the second), and `stop` again
// only after the next round's second barrier, after every read of it
// (after the third barrier of this round, before the next round's first).
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
    if (stop)
      break;
  }
  out[t] = v;
}
