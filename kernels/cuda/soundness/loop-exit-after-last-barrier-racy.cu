//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Barrier divergence: each thread leaves the loop when its own count[t]
// runs out, tested after the loop's last barrier.  With count[0] = 1 and
// count[1] = 2, thread 0 leaves after one iteration while thread 1 waits at
// the first barrier of the second.  (The exit is the last statement of the
// body: nothing follows it, but it still decides who reaches the next
// barriers.)
__global__ void k(int *a, const int *count)
{
  __shared__ int s[64];
  int c = count[threadIdx.x];
  while (true) {
    s[threadIdx.x] = c;
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
    c--;
    if (c <= 0) break;
  }
}
