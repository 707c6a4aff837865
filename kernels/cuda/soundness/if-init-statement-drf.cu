//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the init-statement declares j = threadIdx.x, and j < 64 holds,
// so thread t writes a[t] only (the else branch is not taken).
__global__ void k(int *a)
{
  if (int j = threadIdx.x; j < 64)
    a[j] = threadIdx.x;
  else
    a[0] = threadIdx.x;
}
