//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: x refers to a[t]; thread t writes a[t] only.
__global__ void k(int *a)
{
  int &x = a[threadIdx.x];
  x = threadIdx.x;
}
