//pass
//--blockDim=512 --gridDim=1
// Race-free: a bitonic sort of n <= 1024 keys in shared memory, n a power
// of two (the host sorts 1024).  The build loop doubles `size`; its inner
// loop starts each compare-exchange step with a barrier.  The merge loop
// that follows also starts with a barrier and runs at least once
// (stride = n / 2 >= 1), so the build loop's last step is separated from
// the merge's first.  In each step thread t compares pos = 2t - (t &
// (stride - 1)) with pos + stride: the pairs of one step are disjoint.
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
    __syncthreads();
    unsigned pos = 2 * t - (t & (stride - 1));
    if (pos + stride < n) {
      unsigned a = s[pos], b = s[pos + stride];
      if (a < b) {
        s[pos] = b;
        s[pos + stride] = a;
      }
    }
  }
  __syncthreads();
  d[t] = s[t];
  d[t + 512] = s[t + 512];
}
