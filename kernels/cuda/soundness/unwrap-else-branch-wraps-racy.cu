//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  s runs over the powers of two below n.  In the `else` branch
// (t < s) the index q - s = 2t - (t mod s) - s = t - s wraps around to
// 2^32 - s + t.  With n = 5, in the iteration s = 4, thread 3 (3 < 4, so
// in the `else` branch) writes a[2^32 - 4 + 3] = a[2^32 - 1], and thread 1
// writes a[0u - 1u] = a[2^32 - 1] in the same iteration, between the same
// two barriers.  (The `then` branch's condition t >= s makes q - s =
// s(2(t div s) - 1) + t mod s; applied to the `else` branch it would turn
// the wrapped index into t, and the race would be lost.)
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
    if (t == 1 && s == 4)
      a[0u - 1u] = 7;
  }
  __syncthreads();
}
