//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: an unsigned short holds at most 65535, so n > 65535 is never
// true and no thread writes a[0]; the other writes are at distinct cells.
// (With n an unbounded integer, n = 65536 would send every thread to a[0].)
__global__ void k(int *a, unsigned short n)
{
  if (n > 65535)
    a[0] = threadIdx.x;
  a[threadIdx.x + 1] = threadIdx.x;
}
