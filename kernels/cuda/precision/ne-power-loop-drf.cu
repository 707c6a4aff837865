//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: two tree reductions over powers whose loops stop on `!=`
// (s != 64 doubling from 1, s != 0 halving from 32), each iteration after
// a barrier.  In the first, thread t with t % 2s == 0 adds sh[t + s],
// whose index is s modulo 2s: no writer of the same iteration writes it;
// in the second, thread t < s adds sd[t + s], at or above s: not written
// in that iteration either.  The barrier after the loops orders the last
// iteration against the reads.  Both loops land on their bound (64 is a
// power of two, and halving 32 reaches 0), so they run exactly the
// iterations of their `<` / `>` forms.
__global__ void k(int *out)
{
  __shared__ int sh[128];
  __shared__ int sd[128];
  unsigned t = threadIdx.x;
  sh[t] = t;
  sh[t + 64] = 0;
  sd[t] = t;
  sd[t + 64] = 0;
  for (unsigned s = 1; s != 64; s *= 2) {
    __syncthreads();
    if (t % (2 * s) == 0)
      sh[t] += sh[t + s];
  }
  for (unsigned s = 32; s != 0; s /= 2) {
    __syncthreads();
    if (t < s)
      sd[t] += sd[t + s];
  }
  __syncthreads();
  out[t] = sh[(t + 1) % 64] + sd[(t + 1) % 64];
}
