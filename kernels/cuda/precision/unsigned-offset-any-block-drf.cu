//pass
// Race-free for every launch: thread t writes x[2t + m - 1] (modulo 2^32,
// all unsigned).  CUDA blocks have at most 1024 threads along x, so 2t
// never wraps and the cells of two threads differ by 2(t - t') != 0
// modulo 2^32.  (With unbounded block sizes, t = 2^31 would meet t = 0.)
__global__ void k(unsigned *x, unsigned m)
{
  x[threadIdx.x * 2 + m - 1] = threadIdx.x;
}
