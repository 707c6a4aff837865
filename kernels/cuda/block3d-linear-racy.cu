//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,4,2]
// 3-D block, racy: the linear index forgets threadIdx.z, so threads that
// differ only in z write the same shared cell.
__global__ void block3d(float *out)
{
  __shared__ float buf[64];
  unsigned int t = threadIdx.y * blockDim.x + threadIdx.x;
  buf[t] = t;
  __syncthreads();
  out[blockIdx.x * 64 + t] = buf[(t + 1) % 64];
}
