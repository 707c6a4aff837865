//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the GNU statement expression writes a[0] in every thread (values
// 0..63), unordered.  The front end does not look inside statement
// expressions, so it must not answer DRF.
__global__ void k(int *a, int *b)
{
  int x = ({ a[0] = threadIdx.x; 1; });
  b[threadIdx.x] = x;
}
