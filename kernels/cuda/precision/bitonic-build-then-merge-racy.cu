//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// Racy: as bitonic-build-then-merge-drf.cu, but the merge loop's barrier
// is at the end of its body: the build loop's last step (its barrier at
// the start) and the merge loop's first step run in one barrier interval.
// With n = 4: the build's last step (size 2, stride 1) has thread 1
// exchange s[2] and s[3]; the merge's first step (stride 2) has thread 0
// read s[0] and s[2]: thread 0 may read s[2] while thread 1 stores to it
// (when s[2] > s[3]), and no barrier is between the two.
__global__ void sort(unsigned *d, unsigned n)
{
  __requires(n >= 2 && n <= 1024 && (n & (n - 1)) == 0);
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x;
  s[t] = d[t];
  s[t + 512] = d[t + 512];
  for (unsigned size = 2; size < n; size <<= 1) {
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      if (pos + stride < n) {
        unsigned a = s[pos], b = s[pos + stride];
        if (a > b) {
          s[pos] = b;
          s[pos + stride] = a;
        }
      }
    }
  }
  for (unsigned stride = n / 2; stride > 0; stride >>= 1) {
    unsigned pos = 2 * t - (t & (stride - 1));
    if (pos + stride < n) {
      unsigned a = s[pos], b = s[pos + stride];
      if (a < b) {
        s[pos] = b;
        s[pos + stride] = a;
      }
    }
    __syncthreads();
  }
  d[t] = s[t];
  d[t + 512] = s[t + 512];
}
