//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each loop has its bound on the left of the comparison (`4 >
// i`, `3 >= i`, `0 <= i`, `0 < i`, `n > i` with 0 <= n <= 4, `4 != i`),
// and moves its own count (ca … cf) once per iteration: after the loops
// the counts are 4, 4, 4, 4, n and 4, so the writes of a[0] … f[0] by
// every thread never happen.  Read the other way round, every comparison
// is the usual `i < 4`, `i <= 3`, `i >= 0`, `i > 0`, `i < n`, `i != 4`; a
// front end that could not read a loop written this way would not know
// the counts after it.
__global__ void k(int *a, int *b, int *c, int *d, int *e, int *f, int n)
{
  __requires(n >= 0);
  __requires(n <= 4);
  int ca = 0, cb = 0, cc = 0, cd = 0, ce = 0, cf = 0;
  for (int i = 0; 4 > i; i++, ca++) {
  }
  for (int i = 0; 3 >= i; i++, cb++) {
  }
  for (int i = 3; 0 <= i; i--, cc++) {
  }
  for (int i = 4; 0 < i; i--, cd++) {
  }
  for (int i = 0; n > i; i++, ce++) {
  }
  for (int i = 0; 4 != i; i++, cf++) {
  }
  if (ca != 4)
    a[0] = threadIdx.x;
  if (cb != 4)
    b[0] = threadIdx.x;
  if (cc != 4)
    c[0] = threadIdx.x;
  if (cd != 4)
    d[0] = threadIdx.x;
  if (ce != n)
    e[0] = threadIdx.x;
  if (cf != 4)
    f[0] = threadIdx.x;
}
