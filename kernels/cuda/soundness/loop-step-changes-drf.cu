//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the steps s and w are fixed for the whole loop (the body and
// the increment change neither), so the loop is normalised exactly: thread t
// writes a[t + 64·i] for i = 0, 2, 4, 6, and x[j] with j = t + 64·(i / 2)
// (j moves by 64 per iteration): every index by one thread.
__global__ void k(int *a, int *x)
{
  int s = 2, w = 64;
  int j = threadIdx.x;
  for (int i = 0; i < 8; i += s, j += w) {
    a[threadIdx.x + 64 * i] = threadIdx.x;
    x[j] = threadIdx.x;
  }
}
