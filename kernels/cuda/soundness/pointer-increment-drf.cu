//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: p = a + 2t; thread t writes a[2t] and a[2t + 1] only.
__global__ void k(int *a)
{
  int *p = a + 2 * threadIdx.x;
  *p++ = 1;
  *p = threadIdx.x;
}
