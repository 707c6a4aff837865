//pass
//--blockDim=[32] --gridDim=[1]
// Race-free: in round j (a power of two: 1, 2, ... below the parameter n,
// so that the loop is not unrolled into constants) the threads whose
// bit j is clear swap s[t] and s[t + j]; t + j has bit j set, and
// (t + j) / j = t / j + 1, so no cell t + j of one thread is the cell t'
// of another (t' has bit j clear), nor its t' + j (then t = t').  Rounds
// are separated by barriers.  t & j is 0 or j by bit j of t.  The same
// threads copy u[t] to u[t | j] = u[t + j] (bit j of t is clear): their
// writes are distinct, and no cell t + j written is a cell t' read (t'
// has bit j clear).
__global__ void rounds(unsigned int *out, unsigned int n)
{
  __shared__ unsigned int s[64];
  __shared__ unsigned int u[64];
  unsigned int t = threadIdx.x;
  s[t] = out[t];
  s[t + 32] = out[t + 32];
  __syncthreads();
  for (unsigned int j = 1; j < n; j <<= 1) {
    if ((t & j) == 0) {
      unsigned int tmp = s[t];
      s[t] = s[t + j];
      s[t + j] = tmp;
      u[t | j] = u[t];
    }
    __syncthreads();
  }
  out[t] = s[t] + u[t];
  out[t + 32] = s[t + 32];
}
