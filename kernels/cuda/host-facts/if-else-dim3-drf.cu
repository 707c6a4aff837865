//pass
// Race-free.  Every thread writes a[blockIdx.x * blockDim.x + threadIdx.x]
// whatever its threadIdx.y: two threads of one block that differ only in
// threadIdx.y write the same cell, so the kernel is race-free exactly when
// blockDim.y = 1.  The host sets `threads.y = 1` on both ways of the `if`
// before the launch (as Rodinia's myocyte does), so every launch has
// blockDim.y = 1 and blockDim.x = 32 or 64.
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
    threads.x = 64;
    threads.y = 1;
  }
  rows<<<blocks, threads>>>(d);
}
