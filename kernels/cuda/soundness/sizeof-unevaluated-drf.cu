//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the assignment inside sizeof(...) is an unevaluated operand and
// never runs; s = sizeof(int) = 4, so thread t writes only a[t].
__global__ void k(int *a)
{
  int s = sizeof(a[0] = threadIdx.x);
  a[threadIdx.x * s / 4] = threadIdx.x;
}
