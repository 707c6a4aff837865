//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads 0 and 1 both write out[0] with different values before
// they leave.  A return nested two ifs deep. The requirement is evaluated only by threads >= 2
// (true for them), so it restricts nothing.

__global__ void k(int *out)
{
  if (threadIdx.x < 32) { if (threadIdx.x < 2) { out[0] = threadIdx.x; return; } }
  __requires(threadIdx.x >= 2);
}
