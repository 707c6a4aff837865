//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// Racy: the twin of precision/pyramid-exit-and-flag-drf.cu without the
// second barrier: in an iteration that goes on, thread 5 copies result[5]
// into prev[5] while thread 6 may already read prev[5] (its left
// neighbour) in the next iteration.  (With it >= 2.)
__global__ void dynproc(const int *wall, int *results, int it)
{
  __requires(it >= 1 && it <= 100);
  __shared__ int prev[256];
  __shared__ int result[256];
  int tx = threadIdx.x;
  int x = (256 - 2 * it) * blockIdx.x + tx;
  prev[tx] = wall[x];
  __syncthreads();
  bool computed;
  for (int i = 0; i < it; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= 256 - i - 2) {
      computed = true;
      int left = prev[tx - 1], up = prev[tx], right = prev[tx + 1];
      int m = left < up ? left : up;
      m = m < right ? m : right;
      result[tx] = m + 1;
    }
    __syncthreads();
    if (i == it - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
  }
  if (computed)
    results[x] = result[tx];
}
