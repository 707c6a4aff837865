//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the condition writes a[t] in thread t; its value t < 64 is never
// > 100, so the branch (a[64]) never runs.
__global__ void k(int *a)
{
  if ((a[threadIdx.x] = threadIdx.x) > 100)
    a[64] = 0;
}
