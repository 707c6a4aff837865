//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: r is a reference to the loop counter i but is only read, so
// i takes 0 and 1 and thread t writes a[2t] and a[2t + 1].
__global__ void k(int *a)
{
  for (int i = 0; i < 2; i++) {
    int &r = i;
    a[2 * threadIdx.x + r] = threadIdx.x;
  }
}
