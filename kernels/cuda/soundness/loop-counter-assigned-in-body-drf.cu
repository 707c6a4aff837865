//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the counter is changed only after the access of the last
// iteration (i = 1 -> 5 ends the loop), so thread t writes a[2t] and a[2t+1].
__global__ void k(int *a)
{
  for (int i = 0; i < 2; i++) {
    a[2 * threadIdx.x + i] = threadIdx.x;
    if (i == 1) i = 5;
  }
}
