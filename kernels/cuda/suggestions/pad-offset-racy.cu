//xfail:NOT_ALL_VERIFIED
// suggest-precondition: n >= 0 && n >= blockDim.x
// suggest-fix: 17
// A padded copy: thread t writes the body cell a[t] and the padding cell
// a[n + t].  The two statements touch disjoint cells exactly when
// [n, n + blockDim.x) and [0, blockDim.x) do not meet, that is for
// n >= blockDim.x (or n <= -blockDim.x, an index before the array, which no
// caller means).  For 0 < n < blockDim.x thread t = n + u writes a[t] and
// thread u writes a[n + u], the same cell, with no barrier between: a race
// (racy).  Under the precondition a[n + t] >= n >= blockDim.x > every t.
// A barrier between the two statements orders every such pair (each
// statement alone writes distinct cells): the fix is a __syncthreads()
// before line 17, which every thread reaches.
__global__ void pad(float *a, int n)
{
  a[threadIdx.x] = 0.0f;
  a[n + threadIdx.x] = 1.0f;
}
