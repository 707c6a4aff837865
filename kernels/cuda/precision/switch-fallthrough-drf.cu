//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: with the break, even t writes a[t] and odd t writes a[t | 1] =
// a[t]; each thread its own cell.
__global__ void k(int *a)
{
  switch (threadIdx.x % 2) {
  case 0:
    a[threadIdx.x] = 1;
    break;
  case 1:
    a[threadIdx.x | 1] = threadIdx.x;
  }
}
