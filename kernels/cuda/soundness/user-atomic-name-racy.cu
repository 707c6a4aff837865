//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: atomicFoo is the user's own plain function, not a CUDA atomic: it
// reads and writes *p with ordinary accesses.  All threads call it on &a[0]:
// thread 0's write of a[0] and thread 1's read/write of a[0] are unordered.
__device__ int atomicFoo(int *p, int v)
{
  int old = *p;
  *p = v;
  return old;
}

__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = atomicFoo(&a[0], threadIdx.x);
}
