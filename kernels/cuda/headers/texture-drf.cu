//pass
//--blockDim=[16,16] --gridDim=[8,8]
// Textures in device code: a 2-D texture reference read with normalised
// coordinates (`uchar4` texels read as `float4`), a 1-D texture fetched
// by index, a layered and a 3-D texture, and a texture object.  Textures
// are read-only while a kernel runs, so fetches cannot race; each thread
// writes only its own pixel `out[y * width + x]`: x < 8 * 16 = width and
// y are its global coordinates, distinct for distinct threads, so the
// cells are distinct.
#include <cuda_runtime.h>

texture<uchar4, 2, cudaReadModeNormalizedFloat> image;
texture<float, 1, cudaReadModeElementType> weights;
texture<float, cudaTextureType2DLayered> layers;
texture<float, 3> volume;

__global__ void shade(float4 *out, int width, cudaTextureObject_t lut) {
  __requires(width == 128);
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float u = (x + 0.5f) / width, v = (y + 0.5f) / width;
  float4 c = tex2D(image, u, v);
  float w = tex1Dfetch(weights, x) + tex2DLayered(layers, u, v, 1) + tex3D(volume, u, v, 0.5f);
  float g = tex1D<float>(lut, c.x);
  float4 q = tex2Dgather(image, u, v, 0);
  out[y * width + x] = make_float4(c.x * w, c.y * g, c.z + q.w, 1.0f);
}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();
  cudaArray *array;
  cudaMallocArray(&array, &desc, 128, 128);
  image.normalized = true;
  image.filterMode = cudaFilterModeLinear;
  image.addressMode[0] = cudaAddressModeClamp;
  cudaBindTextureToArray(image, array, desc);
  float *w;
  cudaMalloc(&w, 128 * sizeof(float));
  cudaBindTexture(0, weights, w, 128 * sizeof(float));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = w;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = 128 * sizeof(float);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t lut;
  cudaCreateTextureObject(&lut, &res, &td, NULL);
  float4 *out;
  cudaMalloc(&out, 128 * 128 * sizeof(float4));
  shade<<<dim3(8, 8), dim3(16, 16)>>>(out, 128, lut);
  cudaDestroyTextureObject(lut);
  cudaUnbindTexture(image);
  return 0;
}
