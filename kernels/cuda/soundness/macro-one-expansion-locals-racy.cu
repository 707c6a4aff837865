//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: BODY declares two distinct variables `i` (the outer one is 0, the
// inner one, in its own block, is threadIdx.x).  After the block, `i` is
// the outer one again, so every thread writes a[0]: threads 0 and 1 write
// 0 and 1, unordered.  (Both declarations come from one expansion of BODY,
// so they sit at the same expanded source position.)
#define TMP(v) int i = (v);
#define BODY TMP(0) { TMP(threadIdx.x) a[64 + i] = i; } a[i] = threadIdx.x;

__global__ void k(int *a)
{
  BODY
}
