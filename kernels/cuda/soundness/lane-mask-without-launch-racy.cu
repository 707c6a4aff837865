//xfail:NOT_ALL_VERIFIED
// Racy (no launch is given): `__popc(__lanemask_lt())` is the lane index,
// so lanes 0 and 1 of a warp both write a[0] (= 0 and = 1), unordered.  The
// kernel never names threadIdx, so a front end that looks for the built-ins
// alone assumes blocks of one thread ("the kernel never uses threadIdx.x")
// and answers DRF.
__global__ void k(int *a)
{
  unsigned r = __popc(__lanemask_lt());
  a[r / 2] = r;
}
