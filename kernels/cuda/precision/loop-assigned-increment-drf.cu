//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loops move their counters by assignment (`i = i + 1`,
// `j = j - 1`), which is `i += 1` (`j -= 1`): each runs exactly four
// times and moves its count once per iteration, so after them c = d = 4
// and the writes of a[0] and b[0] by every thread never happen.  A front
// end that could not read `i = i + 1` as the loop's step would not know
// the counts after the loops.
__global__ void k(int *a, int *b)
{
  int c = 0;
  for (int i = 0; i < 4; i = i + 1, c++) {
  }
  if (c != 4)
    a[0] = threadIdx.x;
  int d = 0;
  for (int j = 3; j >= 0; j = j - 1, d++) {
  }
  if (d != 4)
    b[0] = threadIdx.x;
}
