//pass
//--blockDim=[16,16] --gridDim=[40,30]
// Race-free: a pitched image passed as a struct: row y starts `y * pitch`
// bytes into `data`, and the pitch holds at least a row of `width`
// floats, so the cells (x, y) with x < width are distinct for distinct
// (x, y).  `pitch` is a `size_t` field, taken below 2^31 like a `size_t`
// parameter (a stated assumption), so `y * pitch` does not wrap.
struct Image {
  float *data;
  int width;
  int height;
  size_t pitch;
};

__global__ void fill(Image out)
{
  __requires(out.width >= 0);
  __requires(out.pitch >= out.width * sizeof(float));
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height)
    return;
  float *row = (float *)((char *)out.data + y * out.pitch);
  row[x] = (float)x;
}
