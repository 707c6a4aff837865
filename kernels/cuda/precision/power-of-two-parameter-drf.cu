//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: `size` is a power of two or 0 (the requirement), so
// `t & (size - 1)` is t % size (t for size 0) and thread t writes
// s[2t - t % size] and s[2t - t % size + size].  Write t = q*size + r with
// r < size: the cells are 2q*size + r and (2q+1)*size + r, so distinct
// threads (distinct (q, r)) write distinct cells, and the first cell of
// one thread is never the second of another (even vs. odd multiple of
// size).  For size 0 both cells are 2t - t = t: one per thread.  The
// reads after the barrier are reads.  With `size` symbolic the index is
// non-linear (`% size`); its 33 possible values make it linear each.
__global__ void halves(unsigned int *out, unsigned int size)
{
  __requires((size & (size - 1)) == 0);
  __shared__ unsigned int s[1024];
  unsigned int t = threadIdx.x;
  unsigned int pos = 2 * t - (t & (size - 1));
  s[pos] = t;
  s[pos + size] = t;
  __syncthreads();
  out[t] = s[t];
}
