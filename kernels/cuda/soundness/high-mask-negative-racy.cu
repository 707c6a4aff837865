//xfail:NOT_ALL_VERIFIED
//--blockDim=[8] --gridDim=[1]
// Racy: x = -32 * t is negative for t > 0, and in two's complement
// x & 96 keeps bits 5-6 of x, i.e. 32 * ((-t) mod 4): 0 for t = 0 and
// t = 4 (-128 = ...10000000), so threads 0 and 4 both write a[128].
// (x & 96 is x itself only for 0 <= x < 128; a mask of high bits must not
// be read as "x, already a multiple of 32 below 128" for a negative x.)
__global__ void k(int *a)
{
  int t = threadIdx.x;
  int x = -32 * t;
  a[128 + (x & 96)] = t;
}
