//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: i = 2t; thread t writes a[2t + 1] and a[2t] only.
__global__ void k(int *a)
{
  int i = 2 * threadIdx.x;
  a[++i] = threadIdx.x;
  a[--i] = threadIdx.x;
}
