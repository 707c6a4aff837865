//pass
//--blockDim=[64] --gridDim=[1]
// DRF: the first loop doubles s from 1 while s < 64 and leaves it at 64;
// the second halves d from 64 while d > 1 and leaves it at 1.  Both
// conditions after the loops are false, and the only writes, a[t] by
// thread t, are disjoint.  (Loops over powers with constant start, bound
// and step are unrolled, and the front end knows the value after them.)
__global__ void k(int *a)
{
  unsigned s = 0;
  for (s = 1; s < 64; s *= 2)
    a[threadIdx.x] = s;
  unsigned d = 0;
  for (d = 64; d > 1; d /= 2)
    a[threadIdx.x] = d;
  if (s != 64)
    a[0] = threadIdx.x;
  if (d != 1)
    a[1] = threadIdx.x;
}
