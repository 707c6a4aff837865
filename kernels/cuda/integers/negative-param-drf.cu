//pass
//--blockDim=[64] --gridDim=[1]
// Race-free for every n, negative or not: whichever branch runs, thread t
// writes a[t] only.
__global__ void k(int *a, int n)
{
  if (n < 0) a[threadIdx.x] = -n;
  else a[threadIdx.x] = n;
}
