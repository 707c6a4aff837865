//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: on an unsigned counter, atomicAdd(count, (unsigned)-1) adds 2^32 - 1,
// that is, takes 1 away.  Say *count starts at 0: thread 1 (odd) adds 1 and
// gets j = 0; thread 0 (even) then adds 2^32 - 1 and gets j = 1, leaving 0;
// thread 3 adds 1 and gets j = 0 again.  Threads 1 and 3 both write out[0]
// (values 1 and 3), unordered.  The steps are not tickets: only constants
// from 1 to 2^16 after the conversion to the counter's type are.
__global__ void k(unsigned *count, int *out)
{
  unsigned j;
  if (threadIdx.x & 1)
    j = atomicAdd(count, 1u);
  else
    j = atomicAdd(count, (unsigned)-1);
  out[j] = threadIdx.x;
}
