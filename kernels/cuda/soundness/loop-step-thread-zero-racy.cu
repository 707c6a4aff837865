//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads 0..31 write b[0] (threads 0 and 1 with 0 and 1), before
// the loop and with no barrier; for n ≤ 0 the loop never starts and
// every thread ends.  Its step s is 0 in threads 0..31: a front end that
// assumes the step ≥ 1 to count the loop's iterations assumes
// threadIdx.x / 32 ≥ 1, i.e. drops threads 0..31, and answers DRF (it
// did, silently, before 2026-11-24: proofs-notes/mutation-testing.md,
// loops.rs).
__global__ void k(int *a, int *b, int n)
{
  if (threadIdx.x < 32)
    b[0] = threadIdx.x;
  unsigned s = threadIdx.x / 32;
  for (int i = 0; i < n; i += s)
    a[64 * i + threadIdx.x] = i;
}
