//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loop over powers with an inclusive bound (s <= 32,
// doubling from 1) runs exactly six times (s = 1, 2, 4, 8, 16, 32), so
// after it c = 6 and the write of a[0] by every thread never happens.  A
// front end that ran the loop over every s from 1 to 32 (or could not
// count it) would not know c after it.
__global__ void k(int *a)
{
  int c = 0;
  for (unsigned s = 1; s <= 32; s *= 2)
    c++;
  if (c != 6)
    a[0] = threadIdx.x;
}
