//pass
//--blockDim=256 --gridDim=16
// Guard with an early return (the usual `if (i >= n) return;`), then a
// grid-stride SAXPY.
__global__ void saxpy(int n, float a, const float *x, float *y)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  y[i] = a * x[i] + y[i];
}
