//pass
//--blockDim=256 --gridDim=1
// One compare-exchange step of a bitonic sort with stride 4: thread t
// handles pos = 2*t - (t & 3) and pos + 4.  With t = 4q + r (r < 4),
// pos = 8q + r, so the pairs (8q + r, 8q + r + 4) of the 256 threads are
// disjoint: race-free.  The unsigned subtraction reaches the checker as
// (2t + (2^32 - t % 4)) % 2^32; smt::unwrap proves the wrap-around away
// and rewrites the index as 2 * (4 * (t / 4)) + t % 4, which smt::stride
// splits in base 8.
__global__ void step(unsigned *keys)
{
  __shared__ unsigned s[512];
  unsigned t = threadIdx.x;
  s[t] = keys[t];
  s[t + 256] = keys[t + 256];
  __syncthreads();
  unsigned pos = 2 * t - (t & 3);
  unsigned a = s[pos], b = s[pos + 4];
  if (a > b) {
    s[pos] = b;
    s[pos + 4] = a;
  }
  __syncthreads();
  keys[t] = s[t];
  keys[t + 256] = s[t + 256];
}
