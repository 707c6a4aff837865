//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: ALL_LANES does not fit int, so the enumeration's underlying type is
// unsigned int and ALL_LANES is 4294967295 (not -1).  threadIdx.x <
// ALL_LANES holds for every thread: threads 0 and 1 both write a[0], with 0
// and 1.
enum { ALL_LANES = 0xffffffffu };

__global__ void k(int *a)
{
  if (threadIdx.x < ALL_LANES)
    a[0] = threadIdx.x;
}
