//pass
//--blockDim=[32,8] --gridDim=[32,4]
// Race-free: the pitched-image idiom.  Row y starts `pitch` bytes after
// row y - 1; with pitch == 4096 a row holds 1024 floats and every x is
// below 32 * 32 = 1024, so thread (x, y) alone writes float
// y * 1024 + x of the allocation.
__global__ void fill_rows(float *img, size_t pitch)
{
  __requires(pitch == 4096);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float *row = (float *)((char *)img + y * pitch);
  row[x] = x + y;
}
