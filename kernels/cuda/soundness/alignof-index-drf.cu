//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: alignof(double) / 4 = 2; thread t writes a[2t] only.
__global__ void k(int *a)
{
  a[threadIdx.x * (alignof(double) / 4)] = threadIdx.x;
}
