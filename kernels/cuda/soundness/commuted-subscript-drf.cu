//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: t[a] is a[t]; each thread writes its own cell.
__global__ void k(int *a)
{
  int t = threadIdx.x;
  t[a] = t;
}
