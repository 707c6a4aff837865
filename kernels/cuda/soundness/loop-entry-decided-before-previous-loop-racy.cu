//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// Racy: the doubling loop runs (size = 2 < n for n >= 4) and sets r = 0,
// so the loop after it, `for (q = r; q > 0; q--)`, never runs and its
// barrier never executes.  The last iteration's stores s[t] (after that
// iteration's barrier) then meet the reads s[(t + 1) % 256] at the end:
// thread 0 reads s[1] while thread 1 stores to it.  (Whether the second
// loop runs must be decided with r's value after the first loop, 0, not
// before it, 4.)
__global__ void k(unsigned *d, unsigned n)
{
  __requires(n >= 4 && n <= 256 && (n & (n - 1)) == 0);
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x;
  int r = 4;
  for (unsigned size = 2; size < n; size <<= 1) {
    __syncthreads();
    s[t] = size + t;
    r = 0;
  }
  for (int q = r; q > 0; q--) {
    __syncthreads();
    s[t] = s[t] + 1;
  }
  d[t] = s[(t + 1) % 256];
}
