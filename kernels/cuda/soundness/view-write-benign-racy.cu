//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 stores the int 1 in a[0] (bytes 01 00 00 00) and thread 1
// the short 1 in h[1], the upper half of a[0] (bytes 2..3 = 01 00).  Byte 2
// gets 00 from thread 0 and 01 from thread 1, unordered: the two writes
// store the same number but not the same bytes, so they are not a benign
// pair.
__global__ void k(int *a)
{
  short *h = (short *)a;
  if (threadIdx.x == 0) a[0] = 1;
  if (threadIdx.x == 1) h[1] = 1;
}
