//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: as short-parameter-range-drf.cu, an unsigned short holds at
// most 65535, so n > 65535 is never true and no thread writes a[0]; the
// other writes are at distinct cells.  The requirement (which changes
// nothing here) is stated before the range of n's type, which must be
// stated all the same.
__global__ void k(int *a, unsigned short n)
{
  __requires(n != 7);
  if (n > 65535)
    a[0] = threadIdx.x;
  a[threadIdx.x + 1] = threadIdx.x;
}
