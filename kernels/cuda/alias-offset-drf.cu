//pass
//--blockDim=128
// Pointer alias (Sec. 6, "Array aliasing"): y = x + tid, then y[0] is x[tid].
__global__ void scale(float *x, float a)
{
  float *y = x + threadIdx.x;
  y[0] = y[0] * a;
}
