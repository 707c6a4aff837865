//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[40,30]
// Racy: the twin of precision/struct-size_t-pitch-drf.cu without the
// requirement that the pitch holds a row: with pitch = 0 (and width,
// height >= 2), threads (0, 0) and (0, 1) both write row[0] = data[0].
struct Image {
  float *data;
  int width;
  int height;
  size_t pitch;
};

__global__ void fill(Image out)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height)
    return;
  float *row = (float *)((char *)out.data + y * out.pitch);
  row[x] = (float)y;
}
