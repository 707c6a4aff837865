//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: (2t + 1) / 2 = t for t >= 0, so thread t writes a[t + 1] only.
__global__ void k(int *a)
{
  int d = (2 * (int)threadIdx.x + 1) / 2;
  a[d + 1] = threadIdx.x;
}
