//xfail:NOT_ALL_VERIFIED
//--blockDim=[129] --gridDim=[1]
// Racy: 96 is bits 5-6, so t & 96 is 32 * ((t / 32) % 4), and for t = 128
// (bit 7 set, bits 5-6 clear) it is 0: threads 0 and 128 both write a[0].
// t reaches 2^7 = 128 exactly, the first value whose bits above the run
// are not all 0; (t & 96) + t % 32 is t only for t < 128.
__global__ void k(unsigned *a)
{
  unsigned t = threadIdx.x;
  a[(t & 96) + t % 32] = t;
}
