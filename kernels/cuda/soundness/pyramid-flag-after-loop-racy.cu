//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// Racy: the twin of precision/pyramid-flag-after-loop-drf.cu whose flag is
// left by the *first* iteration's range ([1, 254]) — the loop counts down,
// so its last iteration is i = 0.  Blocks overlap by 2*it columns: with
// it = 2, block 0's thread 253 and block 1's thread 1 both store to
// column 253 (block 1 starts at 252).
__global__ void pyramid(int *out, int it)
{
  __requires(it >= 1 && it <= 100);
  int tx = threadIdx.x;
  int x = (256 - 2 * it) * blockIdx.x + tx;
  bool computed;
  for (int i = 0; i < it; i++) {
    int j = it - 1 - i;
    computed = false;
    if (tx >= j + 1 && tx <= 256 - j - 2)
      computed = true;
    __syncthreads();
  }
  if (computed)
    out[x] = tx;
}
