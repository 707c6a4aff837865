//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `i.v` starts as the thread's index, but the member template
// `set<0>` overwrites it with 0 through `this`: every thread then writes
// a[0] (its own index, different values), so threads 0 and 1 race on
// a[0].  A method whose object is not passed must not lose its writes.
struct Idx {
  int v;
  template <int K> __device__ void set() { v = K; }
};

__global__ void k(int *a)
{
  Idx i;
  i.v = threadIdx.x;
  i.set<0>();
  a[i.v] = threadIdx.x;
}
