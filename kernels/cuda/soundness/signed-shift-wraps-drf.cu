//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: (1 << 31) is INT_MIN, so the first index is t (see
// signed-shift-wraps-racy.cu), below 64, and the second 65536 + (t + 1) % 64:
// each thread writes its own cell of each range.  (Taken as 2^31, the first
// index would be 65536 + t, which thread t - 1 writes second: an alarm.)
__global__ void k(int *a)
{
  a[(1 << 31) / 65536 + 32768 + threadIdx.x] = threadIdx.x;
  a[65536 + (threadIdx.x + 1) % 64] = threadIdx.x;
}
