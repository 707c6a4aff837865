//pass
//--blockDim=128 --gridDim=8
// 8-bit floating point (cuda_fp8.h): the conversion functions and the
// fp8 classes.  Each thread reads x[i] and writes only y[i] and z[i], its
// own cells (i = blockIdx.x * blockDim.x + threadIdx.x is distinct for
// every thread of the grid), so no two threads touch the same cell.
#include <cuda_fp8.h>

__global__ void to_fp8(const float *x, __nv_fp8_storage_t *y, __nv_fp8_e4m3 *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __nv_cvt_float_to_fp8(x[i], __NV_SATFINITE, __NV_E5M2);
  __nv_fp8_e4m3 v(x[i]);
  z[i] = v;
}

__global__ void from_fp8(const __nv_fp8_e5m2 *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = float(x[i]) * 2.0f;
}
