//pass
// Race-free.  The host function uses `malloc`, `exit`, `EXIT_FAILURE` and
// `max` without including <stdlib.h>: nvcc's cuda_runtime.h brings them
// (and declares `max` for the host), so the program compiles as shipped.
// Its launch passes width = 256 with blocks of 256 threads: thread t of
// block b writes out[b * 256 + t], one cell per thread.  Over all values
// of `width` the kernel races (width = 0: thread t of every block writes
// out[t]), so the verdict rests on reading the launch, which needs the
// host function to compile.
__global__ void fill(int *out, int width)
{
  out[blockIdx.x * width + threadIdx.x] = threadIdx.x;
}

int run(int n)
{
  if (n < 1)
    exit(EXIT_FAILURE);
  int blocks = max(n, 1);
  int *h = (int *)malloc(blocks * 256 * sizeof(int));
  int *d;
  cudaMalloc(&d, blocks * 256 * sizeof(int));
  fill<<<blocks, 256>>>(d, 256);
  cudaMemcpy(h, d, blocks * 256 * sizeof(int), cudaMemcpyDeviceToHost);
  free(h);
  return 0;
}
