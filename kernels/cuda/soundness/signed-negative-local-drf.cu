//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: t = 0, 1 write a[64], a[65]; t >= 2 write a[t - 1] in 1..62;
// all distinct.
__global__ void k(int *a)
{
  int d = (int)threadIdx.x - 2;
  if (d < 0) a[64 + threadIdx.x] = threadIdx.x;
  else a[d + 1] = threadIdx.x;
}
