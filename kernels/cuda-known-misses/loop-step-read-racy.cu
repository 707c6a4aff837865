// expected: racy (//xfail:NOT_ALL_VERIFIED), but mapcheck answers DRF: a known soundness gap, see README
//--blockDim=[64] --gridDim=[1]
// Racy: thread 1 writes a[0]; thread 0 runs one iteration and then evaluates
// the step i += 1 + (a[0] & 1), which reads a[0].  The read by thread 0 and
// the write by thread 1 are not ordered.  (The step's value is 1 or 2, so the
// loop ends after one iteration either way; a[0] & 1 cannot overflow.)
__global__ void k(int *a, int *b)
{
  if (threadIdx.x == 1) a[0] = 5;
  for (int i = 0; i < 1; i += 1 + (a[0] & 1))
    b[threadIdx.x] = i;
}
