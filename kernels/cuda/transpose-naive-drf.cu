//pass
//--blockDim=[16,16] --gridDim=[32,32]
// Naive matrix transpose (CUDA SDK transpose tutorial): each thread copies
// one element from global to global; bounds checks make the output index
// injective.
__global__ void transposeNaive(float *odata, const float *idata, int width, int height)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    odata[x * height + y] = idata[y * width + x];
}
