//xfail:NOT_ALL_VERIFIED
// Racy.  The twin of if-caps-block-drf.cu whose cap is 1024: with
// n > 1024 the host launches two blocks or more of 1024 threads, and
// thread 512 of block 0 and thread 0 of block 1 both write a[512],
// different values (512 and 0).
__global__ void visit(int *a)
{
  a[blockIdx.x * 512 + threadIdx.x] = threadIdx.x;
}

void run(int *d, int n)
{
  int blocks = 1;
  int threads = n;
  if (n > 1024) {
    blocks = (n + 1023) / 1024;
    threads = 1024;
  }
  visit<<<blocks, threads>>>(d);
}
