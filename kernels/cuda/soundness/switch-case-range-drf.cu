//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: whichever case a thread takes, it writes only its own cell:
// a[t] under the range 0 ... 31, a[t] too (with another value) otherwise.
__global__ void k(int *a)
{
  switch (threadIdx.x) {
  case 0 ... 31:
    a[threadIdx.x] = 1;
    break;
  default:
    a[threadIdx.x] = 2;
    break;
  }
}
