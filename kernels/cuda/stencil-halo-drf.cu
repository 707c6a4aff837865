//pass
//--blockDim=256
// 1-D stencil with a halo in shared memory: load, barrier, read neighbours.
#define RADIUS 3
#define BLOCK 256
__device__ int clampi(int v, int n) { return v < n ? v : n - 1; }

__global__ void stencil(const int *in, int *out, int n)
{
  __shared__ int temp[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  temp[l] = in[clampi(g, n)];
  if (threadIdx.x < RADIUS) {
    temp[l - RADIUS] = in[clampi(g, n)];
    temp[l + BLOCK] = in[clampi(g, n)];
  }
  __syncthreads();
  int result = 0;
  for (int off = -RADIUS; off <= RADIUS; off++)
    result += temp[l + off];
  out[g] = result;
}
