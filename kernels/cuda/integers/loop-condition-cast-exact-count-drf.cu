//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: each loop's condition converts its counter without changing
// its values (`unsigned char` i promoted to `int` in i < 4; `int` j
// counting up from 0, converted to `unsigned` in j < n), so each loop runs
// exactly 4 (n) times and moves c (d) once per iteration: after the loops
// c = 4 and d = n, and the writes of a[0] and b[0] by every thread never
// happen.  A front end that could not count these loops would not know c
// and d after them.
__global__ void k(int *a, int *b, unsigned n)
{
  __requires(n <= 1000);
  unsigned char i;
  int c = 0;
  for (i = 0; i < 4; i++, c++) {
  }
  if (c != 4)
    a[0] = threadIdx.x;
  int d = 0;
  for (int j = 0; j < n; j++, d++) {
  }
  if (d != n)
    b[0] = threadIdx.x;
}
