//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the inner i (= t) shadows the outer i (= 0): thread t writes a[t]
// in the inner block, then a[64 + t + 0] = a[64 + t] with the outer i.  One
// writer per cell.
__global__ void k(int *a)
{
  int i = 0;
  {
    int i = threadIdx.x;
    a[i] = threadIdx.x;
  }
  a[64 + threadIdx.x + i] = 1;
}
