//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// `bump` has no body here; another translation unit defines it as
//   __device__ void bump(int &x) { x += 1; (&x)[1] += 1; }
// (well defined: x is an element of the array a, and &x + 1 points to the
// next one).  Thread t passes a[t], so bump updates a[t] and a[t + 1]:
// thread 0 updates a[1] through (&x)[1] while thread 1 updates a[1] as its
// own x, unordered: a race.  A reference to an element reaches the array
// as a pointer argument does.  (mapcheck modelled only x itself: drf.)
__device__ void bump(int &x);

__global__ void k(int *a)
{
  bump(a[threadIdx.x]);
}
