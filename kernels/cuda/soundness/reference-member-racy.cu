//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `rr.r` is a reference to `i`, so `rr.r = 0` sets i = 0 in every
// thread and all threads write a[0]: threads 0 and 1 race on a[0].  (The
// member was taken for a field of the local struct: i kept threadIdx.x,
// DRF.)
struct R { int &r; };
__global__ void k(int *a)
{
  int i = threadIdx.x;
  R rr = {i};
  rr.r = 0;
  a[i] = threadIdx.x;
}
