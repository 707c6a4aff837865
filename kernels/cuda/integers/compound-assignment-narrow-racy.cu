//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy.  `c += c` computes 2 * c in `int` and stores it in an `unsigned
// char`: modulo 256.  Thread t writes a[(2 * t) % 256], so threads t and
// t + 128 (both in the block of 256) write the same cell.  (Without the
// conversion back to the narrow type, 2 * t would differ for every
// thread.)
__global__ void doubled(int *a)
{
  unsigned char c = threadIdx.x;
  c += c;
  a[c] = threadIdx.x;
}
