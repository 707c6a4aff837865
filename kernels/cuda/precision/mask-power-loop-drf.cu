//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: in each round of the scan-like loop (stride a power of two,
// doubling from 1), thread t writes s[2t - (t & (stride - 1))], which is
// 2t - t % stride: the cells written in one round are distinct because
// t -> 2t - t % stride is injective (it keeps t / stride blocks apart and
// t % stride apart within one).  Rounds are separated by barriers.
__global__ void rounds(unsigned int *out)
{
  __shared__ unsigned int s[512];
  unsigned int t = threadIdx.x;
  for (unsigned int stride = 1; stride <= 64; stride <<= 1) {
    unsigned int pos = 2 * t - (t & (stride - 1));
    s[pos] = t;
    __syncthreads();
  }
  out[t] = s[t];
}
