//pass
//--blockDim=128 --gridDim=1
// Race-free: a `do … while` whose counter r runs 0, 1, … up to the
// parameter rounds (at least one round), the same in every thread, so all
// threads run the same rounds and meet the same barriers.  In a round each
// thread writes its own s[t], and reads s[(t + 1) % 128] after a barrier;
// the next round's write comes after the second barrier.
__global__ void rotate(int *out, int rounds)
{
  __shared__ int s[128];
  unsigned int t = threadIdx.x;
  int v = out[t];
  int r = 0;
  do {
    s[t] = v + r;
    __syncthreads();
    v = s[(t + 1) % 128];
    __syncthreads();
    r++;
  } while (r < rounds);
  out[t] = v;
}
