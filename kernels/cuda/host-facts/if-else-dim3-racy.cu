//xfail:NOT_ALL_VERIFIED
// Racy.  The twin of if-else-dim3-drf.cu whose `else` way sets
// `threads.y = 2`: when `workload != 1` the block has two rows of
// threads, and threads (x, 0) and (x, 1) both write
// a[blockIdx.x * blockDim.x + x].
__global__ void rows(float *a)
{
  a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.y;
}

void run(float *d, int blocks, int workload)
{
  dim3 threads;
  if (workload == 1) {
    threads.x = 32;
    threads.y = 1;
  } else {
    threads.x = 32;
    threads.y = 2;
  }
  rows<<<blocks, threads>>>(d);
}
