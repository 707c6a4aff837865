//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t reads and writes a[t] only.
__global__ void k(int *a)
{
  a[threadIdx.x] += 1;
}
