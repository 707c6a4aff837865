//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: (t / warpSize) * warpSize + t % warpSize = t for any positive
// warpSize; thread t writes a[t] only.
__global__ void k(int *a)
{
  a[(threadIdx.x / warpSize) * warpSize + threadIdx.x % warpSize] = threadIdx.x;
}
