//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the step s is a signed parameter; for s = -1 the counter runs 0,
// -1, …, -4 and then -5 leaves by the break, so thread t writes a[4t + 4]
// down to a[4t], and a[4t] is also thread t - 1's first cell (i = 0):
// threads 0 and 1 both write a[4].  (For s ≥ 1 the cells of a thread are
// a[4t + 4 .. 4t + 7], disjoint; a step that may not be positive gives no
// normalised loop.)
__global__ void k(int *a, int s)
{
  for (int i = 0; i < 4; i += s) {
    if (i < -4)
      break;
    a[4 * threadIdx.x + 4 + i] = threadIdx.x;
  }
}
