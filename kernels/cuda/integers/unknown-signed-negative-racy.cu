//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the signed xor sets the sign bit, so v = t ^ INT_MIN is negative
// in every thread, every thread takes the branch and writes a[0] (values
// 0..63), unordered.  (mapcheck does not model ^ with a non-constant
// operand: v is an unknown int, which must be allowed to be negative.)
__global__ void k(int *a)
{
  int v = (int)threadIdx.x ^ (int)0x80000000;
  if (v < 0)
    a[0] = threadIdx.x;
}
