//pass
//--blockDim=[128] --gridDim=[1]
// Race-free: Batcher's odd-even merge sort of 256 keys in shared memory,
// with the number of merge levels given by the parameter `len`.  In the
// first step of level `size`, thread t compares keys p and p + h, where
// h = size / 2 and p = 2t - (t mod h) = 2h(t div h) + (t mod h): distinct
// threads get distinct pairs, disjoint from each other.  In the other
// steps (stride s < h, s a power of two) thread t works only if
// t mod h >= s, on keys p - s and p with p = 2s(t div s) + (t mod s):
// pairs of distinct threads are disjoint (p - s and p differ by s and have
// the same remainder mod s; the quotients 2(t div s) - 1 and 2(t div s)
// are odd and even).  Every step starts with a barrier.
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
        swap_if(keys, q - s, q);
    }
  }
  __syncthreads();
  data[t] = keys[t];
  data[t + N / 2] = keys[t + N / 2];
}
