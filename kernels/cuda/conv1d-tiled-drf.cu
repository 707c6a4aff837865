//pass
//--blockDim=128
// Tiled 1-D convolution with halo cells (Kirk & Hwu, ch. 7): the first
// RADIUS threads also load the left and right halos.
#define RADIUS 2
#define BLOCK 128
__constant__ float mask[2 * RADIUS + 1];

__global__ void conv1d(const float *in, float *out, int n)
{
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  tile[RADIUS + threadIdx.x] = (i < n) ? in[i] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = i - RADIUS;
    int right = i + BLOCK;
    tile[threadIdx.x] = (left >= 0) ? in[left] : 0.0f;
    tile[RADIUS + BLOCK + threadIdx.x] = (right < n) ? in[right] : 0.0f;
  }
  __syncthreads();
  float v = 0;
  for (int j = 0; j < 2 * RADIUS + 1; j++)
    v += tile[threadIdx.x + j] * mask[j];
  if (i < n)
    out[i] = v;
}
