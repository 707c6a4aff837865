//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `i.v` starts as the thread's index, but the method `set`
// overwrites it with 0 through `this`: every thread then writes a[0]
// (its own index, different values), so threads 0 and 1 race on a[0].
struct Idx {
  int v;
  __device__ void set(int x) { v = x; }
};

__global__ void k(int *a)
{
  Idx i;
  i.v = threadIdx.x;
  i.set(0);
  a[i.v] = threadIdx.x;
}
