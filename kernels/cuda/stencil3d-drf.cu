//pass
//--blockDim=[8,8,4]
// 3-D block: a 7-point stencil over a block-sized tile in shared memory;
// boundary threads use their own value for missing neighbours.
__global__ void stencil3d(const float *in, float *out, int nx, int ny)
{
  __shared__ float t[4][8][8];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int g = ((blockIdx.x * 4 + z) * ny + blockIdx.y * 8 + y) * nx + x;
  t[z][y][x] = in[g];
  __syncthreads();
  float c = t[z][y][x];
  float s = c * 6.0f;
  if (x > 0) s -= t[z][y][x - 1]; else s -= c;
  if (x < 7) s -= t[z][y][x + 1]; else s -= c;
  if (y > 0) s -= t[z][y - 1][x]; else s -= c;
  if (y < 7) s -= t[z][y + 1][x]; else s -= c;
  if (z > 0) s -= t[z - 1][y][x]; else s -= c;
  if (z < 3) s -= t[z + 1][y][x]; else s -= c;
  __syncthreads();
  t[z][y][x] = s;
}
