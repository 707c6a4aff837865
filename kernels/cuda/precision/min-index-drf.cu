//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: min(t, 100) = t for t < 64; thread t writes a[t] only.
__global__ void k(int *a)
{
  a[min((int)threadIdx.x, 100)] = threadIdx.x;
}
