//pass
//--blockDim=[128] --gridDim=[1]
// Race-free: 512 t <= 512 * 127 = 65024 fits in an unsigned short, so
// s / 512 is t and thread t writes a[t] only.
__global__ void k(int *a)
{
  unsigned short s = threadIdx.x * 512;
  a[s / 512] = threadIdx.x;
}
