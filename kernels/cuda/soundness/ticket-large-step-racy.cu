//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each add moves the 32-bit counter by 2^31, so it is back where it
// started after two of them.  From *count = 0, the first three threads to
// add get j = 0, 2^31 (mod 2^32) and 0: the first and the third, say
// threads 0 and 2, both write out[0] (values 0 and 2), unordered.  The adds
// are not tickets: a step above 2^16 wraps the counter after a few adds.
__global__ void k(unsigned *count, int *out)
{
  unsigned j = atomicAdd(count, 0x80000000u);
  out[j] = threadIdx.x;
}
