//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: with p = 0 (and n ≤ 0, so that the loop, whose step p would not
// move i, never starts and the kernel ends) every thread writes b[0]:
// threads 0 and 1 write it with 0 and 1.  A front end that counts the
// loop's iterations as ⌈n / p⌉ under the assumption p ≥ 1 drops every
// execution with p = 0, this one too, and answers DRF (it did, silently,
// before 2026-11-24: proofs-notes/mutation-testing.md, loops.rs).
__global__ void k(int *a, int *b, int n, unsigned p)
{
  if (p == 0)
    b[0] = threadIdx.x;
  for (int i = 0; i < n; i += p)
    a[64 * i + threadIdx.x] = i;
}
