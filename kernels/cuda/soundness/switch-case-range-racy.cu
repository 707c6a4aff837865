//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the GNU case range `case 1 ... 3:` matches threads 1, 2 and 3, which
// all write a[0] = threadIdx.x, unordered (threads 1 and 2).  A front end
// that cannot read the range label and skips the statement it labels sees
// no access at all and answers DRF.
__global__ void k(int *a)
{
  switch (threadIdx.x) {
  case 1 ... 3:
    a[0] = threadIdx.x;
    break;
  default:
    break;
  }
}
