//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads 0..31 have s = 0; they enter the loop (i = 0 < 4), write
// b[0] and leave by the break: threads 0 and 1 write b[0] with 0 and 1.
// (Threads 32..63 run i = 0, 1, 2, 3 without writing.)  A loop whose step
// may be 0 is no normalised loop of ⌈(hi − lo) / step⌉ iterations: that
// count says nothing, or 0, for a step of 0.
__global__ void k(int *b)
{
  unsigned s = threadIdx.x / 32;
  for (int i = 0; i < 4; i += s) {
    if (s == 0) {
      b[0] = threadIdx.x;
      break;
    }
  }
}
