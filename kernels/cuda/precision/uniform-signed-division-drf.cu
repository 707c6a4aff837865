//pass
//--blockDim=[64] --gridDim=[16]
// Race-free: the number of tiles, a signed division of the parameter n,
// is the same for every thread, so all threads of a block run the same
// iterations and reach each barrier together; within an iteration each
// thread writes only tile[t], and reads tile[63 - t] after the barrier
// that follows the writes, before the barrier that precedes the next ones.
__global__ void tiles(const float *in, float *out, int n)
{
  __shared__ float tile[64];
  unsigned int t = threadIdx.x;
  int count = n / (int)(blockDim.x * 4);
  float acc = 0.0f;
  for (int i = 0; i < count; i++) {
    tile[t] = in[i * 64 + t];
    __syncthreads();
    acc += tile[63 - t];
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}
