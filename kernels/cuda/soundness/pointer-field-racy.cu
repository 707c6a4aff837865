//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: q.v.p holds a in every thread, so q.v.p[0] = threadIdx.x writes a[0]
// in every thread: thread 0 writes 0, thread 1 writes 1, unordered.  (q is a
// thread-local struct; only the pointee a[0] is shared.)
struct V { int *p; };
struct Q { int n; V v; };

__global__ void k(int *a)
{
  Q q;
  q.v.p = a;
  q.v.p[0] = threadIdx.x;
}
