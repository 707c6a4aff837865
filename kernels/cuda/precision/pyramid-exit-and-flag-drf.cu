//pass
//--blockDim=256 --gridDim=32
// Race-free (Rodinia pathfinder's kernel, reduced): the loop leaves by
// `if (i == it - 1) break;` after the first barrier of its last
// iteration, and the flag `computed` from that iteration decides which
// threads store: tx in [it, 255 - it], the columns no other block's
// flagged threads cover (blocks start 256 - 2*it columns apart).  Inside
// an iteration, `result` is written (own cell) before the first barrier
// and copied into `prev` (own cell) between the two; neighbours of `prev`
// are read before the first barrier of the next iteration.
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
    __syncthreads();
  }
  if (computed)
    results[x] = result[tx];
}
