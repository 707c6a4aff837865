//xfail:NOT_ALL_VERIFIED
//--blockDim=[1024] --gridDim=[1]
// Racy: as requires-narrowed-power-racy.cu, with the requirement alone
// (not in a conjunction) and 16 bits kept: n = 65536 + 512 meets it
// (n & (n - 1) = 65536, whose low 16 bits are 0) and n >= 65536, and
// t & (n - 1) = t & 511 for t < 1024: threads 0 and 512 both write a[0].
// (For a power n >= 65536 the cells t are distinct.)
__global__ void k(unsigned *a, unsigned n)
{
  __requires((unsigned short)(n & (n - 1)) == 0);
  unsigned t = threadIdx.x;
  if (n >= 65536) a[t & (n - 1)] = t;
}
