//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread 5 writes a[1]; every other thread t writes a[t + 2]
// (2..65, never 1).  One writer per cell.
__global__ void k(int *a)
{
  switch (threadIdx.x) {
  case 5:
    a[1] = 5;
    break;
  default:
    a[threadIdx.x + 2] = threadIdx.x;
  }
}
