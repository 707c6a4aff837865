//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// The Jacobi step done in place: thread i writes a[i] while thread i + 1
// reads it.
__global__ void jacobi(float *a, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
}
