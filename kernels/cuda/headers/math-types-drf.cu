//pass
//--blockDim=128 --gridDim=8
// The CUDA math API's bfloat16 (cuda_bf16.h), complex numbers
// (cuComplex.h) and SIMD/DPX intrinsics, in kernels and in a host
// reference that adds bfloat16 values with the operators.  Every kernel
// computes values from its own thread's cells and writes only its own cell
// i = blockIdx.x * 128 + threadIdx.x of its output: no two threads touch
// the same cell, whatever the values (which the intrinsics leave unknown).
#include <cuda_bf16.h>
#include <cuComplex.h>
#include <cuda_runtime.h>

__global__ void bscale(const __nv_bfloat16 *x, __nv_bfloat16 *y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_bfloat16 h = __hmul(x[i], __float2bfloat16(a));
  __nv_bfloat162 p = __float2bfloat162_rn(a);
  float2 f = __bfloat1622float2(__hadd2(p, __bfloat162bfloat162(h)));
  y[i] = h + __float2bfloat16_rn(f.x + f.y);
}

__global__ void crotate(const cuFloatComplex *z, cuFloatComplex *w, float angle) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuFloatComplex r = make_cuFloatComplex(cosf(angle), sinf(angle));
  w[i] = cuCmulf(z[i], cuConjf(r));
  if (cuCabsf(w[i]) > 1.0f)
    w[i] = cuCdivf(w[i], make_cuFloatComplex(cuCabsf(w[i]), 0.0f));
}

__global__ void pack(const unsigned int *a, const unsigned int *b, unsigned int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int sum = __vaddus4(a[i], b[i]);
  unsigned int mask = __vcmpgtu4(a[i], b[i]) | __vsetne2(a[i], b[i]);
  bool hi, lo;
  c[i] = __vimax3_s32(sum, mask, __vabsdiffs2(a[i], b[i])) + __vibmax_u16x2(a[i], b[i], &hi, &lo) + (hi ? 1u : 0u);
}

static float reference(const __nv_bfloat16 *x, int n) {
  __nv_bfloat16 s = __float2bfloat16(0.0f);
  for (int k = 0; k < n; k++)
    s += x[k] * x[k];
  return __bfloat162float(s);
}

int main() {
  const int n = 8 * 128;
  __nv_bfloat16 *x, *y;
  cuFloatComplex *z, *w;
  unsigned int *a, *b, *c;
  cudaMalloc(&x, n * sizeof(__nv_bfloat16));
  cudaMalloc(&y, n * sizeof(__nv_bfloat16));
  cudaMalloc(&z, n * sizeof(cuFloatComplex));
  cudaMalloc(&w, n * sizeof(cuFloatComplex));
  cudaMalloc(&a, n * sizeof(unsigned int));
  cudaMalloc(&b, n * sizeof(unsigned int));
  cudaMalloc(&c, n * sizeof(unsigned int));
  bscale<<<n / 128, 128>>>(x, y, 0.5f);
  crotate<<<n / 128, 128>>>(z, w, 0.25f);
  pack<<<n / 128, 128>>>(a, b, c);
  __nv_bfloat16 host[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  return reference(host, 4) > 0 ? 0 : 1;
}
