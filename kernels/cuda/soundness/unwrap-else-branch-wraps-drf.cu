//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: unwrap-else-branch-wraps-racy.cu without the extra write.
// In iteration s (each between two barriers) thread t >= s writes
// a[s(2(t div s) - 1) + t mod s], a cell below 128 that no other thread
// of that branch writes (equal cells need equal t mod s and t div s), and
// thread t < s writes a[2^32 - s + t], above 2^32 - 64: distinct per
// thread and never below 128.
__global__ void k(unsigned *a, unsigned n)
{
  unsigned t = threadIdx.x;
  for (unsigned s = 1; s < n; s *= 2) {
    __syncthreads();
    unsigned q = 2 * t - (t & (s - 1));
    if (t >= s)
      a[q - s] = t;
    else
      a[q - s] = t;
  }
  __syncthreads();
}
