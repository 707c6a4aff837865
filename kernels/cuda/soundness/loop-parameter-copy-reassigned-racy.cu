//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s starts as a copy of the parameter p, and the loop assigns it
// t, with t.n = 64 - threadIdx.x.  In iteration i = 1, s.n + threadIdx.x
// is 64 in every thread: threads 0 and 1 both write a[64] (values 0 and
// 1), unordered.  (s.n must not fall back on p.n, the parameter's launch
// value, once the loop assigns s: a[p.n + threadIdx.x] would be DRF.)
struct S {
  int n;
};

__global__ void k(int *a, S p)
{
  S t;
  t.n = 64 - (int)threadIdx.x;
  S s = p;
  for (int i = 0; i < 2; i++) {
    a[s.n + threadIdx.x] = threadIdx.x;
    s = t;
  }
}
