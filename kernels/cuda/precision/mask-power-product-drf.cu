//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: as mask-power-loop-drf.cu, with the powers of two 2 * stride
// and stride / 2 of the loop's counter (a power, doubling from 1): in each
// round thread t writes s[2t - t % q] for q = 2 * stride, and r[2t - t % q]
// for q = stride / 2 (0 in the first round, where t & (0 - 1) = t =
// t % 0 and the cell is t); t -> 2t - t % q is injective (it keeps t / q
// blocks apart and t % q apart within one).  Rounds are separated by
// barriers.  The loop's bound n is a parameter, so that the loop is not
// unrolled into constants.
__global__ void rounds(unsigned int *out, unsigned int n)
{
  __shared__ unsigned int s[512];
  __shared__ unsigned int r[512];
  unsigned int t = threadIdx.x;
  for (unsigned int stride = 1; stride < n; stride <<= 1) {
    s[2 * t - (t & (2 * stride - 1))] = t;
    r[2 * t - (t & (stride / 2 - 1))] = t;
    __syncthreads();
  }
  out[t] = s[t] + r[t];
}
