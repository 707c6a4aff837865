//pass
//--blockDim=[8,4,2]
// 3-D block: the linear thread index z*(X*Y) + y*X + x is injective, so
// each thread owns one shared cell; neighbours are read after a barrier.
__global__ void block3d(float *out)
{
  __shared__ float buf[64];
  unsigned int t = threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  buf[t] = t;
  __syncthreads();
  out[blockIdx.x * 64 + t] = buf[(t + 1) % 64];
}
