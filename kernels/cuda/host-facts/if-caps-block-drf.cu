//pass
// Race-free.  Thread t of block b writes a[b * 512 + t]: distinct cells
// as long as blocks have at most 512 threads.  The host starts from
// `threads = n` and lowers it to 512 when n is larger (as Rodinia's bfs
// does), so the block size is n > 512 ? 512 : n, never above 512.  (An
// n of 0 or less gives a block size CUDA rejects: nothing runs.)
__global__ void visit(int *a)
{
  a[blockIdx.x * 512 + threadIdx.x] = threadIdx.x;
}

void run(int *d, int n)
{
  int blocks = 1;
  int threads = n;
  if (n > 512) {
    blocks = (n + 511) / 512;
    threads = 512;
  }
  visit<<<blocks, threads>>>(d);
}
