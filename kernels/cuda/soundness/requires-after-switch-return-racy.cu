//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads 0 and 1 both write out[0] with different values before
// they leave.  A return inside a switch case. The requirement is evaluated only by threads >= 2
// (true for them), so it restricts nothing.

__global__ void k(int *out)
{
  switch (threadIdx.x) { case 0: case 1: out[0] = threadIdx.x; return; default: break; }
  __requires(threadIdx.x >= 2);
}
