//pass
//--blockDim=[32] --gridDim=[1]
// Race-free: thread t writes out[t + 16] when t < 16 and out[t - 16]
// otherwise, which swaps the two halves of 0..31: a permutation, one cell
// per thread.
__global__ void swap_halves(int *out)
{
  unsigned int t = threadIdx.x;
  out[t < 16 ? t + 16 : t - 16] = t;
}
