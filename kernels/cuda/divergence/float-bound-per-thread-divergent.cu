//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// Barrier divergence: as float-bound-uniform-drf.cu, but the trip count
// is ceilf(sqrtf((float)threadIdx.x)): thread 0 runs no iteration and
// thread 4 runs two, so thread 4 waits at a barrier thread 0 never
// reaches.  (A pure math function of a thread's own value is not alike
// in all threads.)
__global__ void tiles(const float *in, float *out, int n)
{
  __shared__ float tile[256];
  unsigned tid = threadIdx.x;
  int tiles = (int)ceilf(sqrtf((float)tid));
  float acc = 0.0f;
  for (int t = 0; t < tiles; t++) {
    tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[(tid + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
