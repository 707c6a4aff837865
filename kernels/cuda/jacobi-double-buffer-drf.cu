//pass
//--blockDim=256
// One Jacobi step of a 3-point stencil from one global buffer into another.
__global__ void jacobi(const float *a, float *b, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
}
