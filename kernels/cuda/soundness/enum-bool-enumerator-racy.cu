//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the enumeration's underlying type is bool, so ON is true, and
// promoted to int it is 1: ON > 0 holds in every thread, and threads 0 and
// 1 both write a[0], with 0 and 1.  (Its one bit was read sign-extended,
// as -1: the branch was never taken, drf.)
enum Switch : bool { OFF = false, ON = true };

__global__ void k(int *a)
{
  if (ON > 0)
    a[0] = threadIdx.x;
}
