//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: odd-even-merge-symbolic-drf.cu with the inner steps comparing
// keys q - s and q + s (distance 2s) instead of q - s and q.  With
// q = 2s(t div s) + (t mod s), thread t uses keys s(2d - 1) + r and
// s(2d + 1) + r (d = t div s, r = t mod s), so threads t and t + s share
// key s(2d + 1) + r.  Witness: len = 8, level size = 8 (h = 4), step s = 1:
// thread 1 (t mod 4 = 1 >= 1) reads keys 1 and 3; thread 2 (2 >= 1) reads
// keys 3 and 5 and writes key 3 when keys[3] > keys[5].  Both run between
// the same two barriers: thread 1's read of keys[3] races with thread 2's
// write for inputs where that swap happens.
#define N 256
__device__ void swap_if(unsigned *k, unsigned i, unsigned j)
{
  unsigned a = k[i], b = k[j];
  if (a > b) { k[i] = b; k[j] = a; }
}

__global__ void odd_even(unsigned *data, unsigned len)
{
  __shared__ unsigned keys[N];
  unsigned t = threadIdx.x;
  keys[t] = data[t];
  keys[t + N / 2] = data[t + N / 2];
  for (unsigned size = 2; size <= len; size <<= 1) {
    unsigned h = size / 2;
    unsigned in_group = t & (h - 1);
    __syncthreads();
    unsigned p = 2 * t - (t & (h - 1));
    swap_if(keys, p, p + h);
    for (unsigned s = h / 2; s > 0; s >>= 1) {
      __syncthreads();
      unsigned q = 2 * t - (t & (s - 1));
      if (in_group >= s)
        swap_if(keys, q - s, q + s);
    }
  }
  __syncthreads();
  data[t] = keys[t];
  data[t + N / 2] = keys[t + N / 2];
}
