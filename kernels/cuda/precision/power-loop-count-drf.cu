//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each loop over powers with constant bounds runs exactly six
// times (s = 1, 2, 4, 8, 16, 32: doubling from 1 while s <= 32, halving
// from 32 while s >= 1 or while s > 0), so after them c = d = e = 6 and
// the writes of a[0], b[0] and x[0] by every thread never happen.  A
// front end that ran a loop over every s from 1 to 32 (or could not count
// it) would not know the count after it.
__global__ void k(int *a, int *b, int *x)
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
  int e = 0;
  for (unsigned s = 32; s > 0; s /= 2)
    e++;
  if (e != 6)
    x[0] = threadIdx.x;
}
