//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[32,4]
// Racy: the pitch (2048 bytes, 512 floats) is narrower than the 1024
// columns written, so thread (x = 512, y = 0) and thread (x = 0, y = 1)
// both write float 512 of the allocation, storing 512 and 1.
__global__ void fill_rows(float *img, size_t pitch)
{
  __requires(pitch == 2048);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float *row = (float *)((char *)img + y * pitch);
  row[x] = x + y;
}
