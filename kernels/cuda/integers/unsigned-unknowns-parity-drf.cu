//pass
//--blockDim=[64] --gridDim=[1]
// Race-free whatever b holds and whatever n is: x and y are unsigned, so
// x % 2 and y % 2 are 0 or 1, and thread t writes a[2t] or a[2t + 1] and
// c[2t] or c[2t + 1], which no other thread writes.  (x is read from
// memory; y is changed by a loop the front end does not follow: both
// unknown, but never negative.)
__global__ void k(int *a, int *c, const unsigned *b, int n)
{
  unsigned t = threadIdx.x;
  unsigned x = b[t];
  a[2 * t + x % 2] = t;
  unsigned y = t;
  for (int i = 0; i < n; i++)
    y = y * 3 + 1;
  c[2 * t + y % 2] = t;
}
