//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each thread copies two shorts at once through an int view:
// int t of `tile` is shorts 2t and 2t + 1, which no other thread touches
// before the barrier; afterwards thread t reads the pair of thread
// (t + 1) % 64, written before the barrier.
__global__ void pairs(short *out, const short *in)
{
  __shared__ short tile[128];
  unsigned int t = threadIdx.x;
  ((int *)tile)[t] = ((const int *)in)[t];
  __syncthreads();
  unsigned int n = (t + 1) % 64;
  out[2 * t] = tile[2 * n];
  out[2 * t + 1] = tile[2 * n + 1];
}
