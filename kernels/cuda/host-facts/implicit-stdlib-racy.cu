//xfail:NOT_ALL_VERIFIED
// Racy.  The twin of implicit-stdlib-drf.cu whose launch passes
// width = 128 to blocks of 256 threads: thread t + 128 of block b and
// thread t of block b + 1 both write out[(b + 1) * 128 + t] (the host
// launches at least 2 blocks).  Within one block the threads' cells
// differ; across blocks they meet.  Reading the launch must not make it
// race-free.
__global__ void fill(int *out, int width)
{
  out[blockIdx.x * width + threadIdx.x] = threadIdx.x;
}

int run(int n)
{
  if (n < 2)
    exit(EXIT_FAILURE);
  int blocks = max(n, 2);
  int *h = (int *)malloc(blocks * 256 * sizeof(int));
  int *d;
  cudaMalloc(&d, blocks * 256 * sizeof(int));
  fill<<<blocks, 256>>>(d, 128);
  cudaMemcpy(h, d, blocks * 256 * sizeof(int), cudaMemcpyDeviceToHost);
  free(h);
  return 0;
}
