//pass
//--blockDim=256 --gridDim=16
// Race-free and no barrier divergence: the tile loop's trip count is
// computed in floating point, ceilf(n / 256.0f), from the parameter n and
// a literal only, so every thread computes the same count and reaches
// the barriers in the loop equally often.  Each thread stores its own
// tile[tid] between the barriers and reads tile[(tid + 1) % 256] after
// the first one; the second barrier orders that read before the next
// tile's stores.
__global__ void tiles(const float *in, float *out, int n)
{
  __shared__ float tile[256];
  unsigned tid = threadIdx.x;
  int tiles = (int)ceilf(n / 256.0f);
  float acc = 0.0f;
  for (int t = 0; t < tiles; t++) {
    tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[(tid + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
