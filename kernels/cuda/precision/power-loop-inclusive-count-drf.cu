//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loops over powers with an inclusive bound (s <= 32
// doubling from 1, s >= 1 halving from 32) run exactly six times each
// (s = 1, 2, 4, 8, 16, 32), so after them c = d = 6 and the writes of a[0]
// and b[0] by every thread never happen.  A front end that ran a loop over
// every s from 1 to 32 (or could not count it) would not know c (d) after
// it.
__global__ void k(int *a, int *b)
{
  int c = 0;
  for (unsigned s = 1; s <= 32; s *= 2)
    c++;
  if (c != 6)
    a[0] = threadIdx.x;
  int d = 0;
  for (unsigned s = 32; s >= 1; s /= 2)
    d++;
  if (d != 6)
    b[0] = threadIdx.x;
}
