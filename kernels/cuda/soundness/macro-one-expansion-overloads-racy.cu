//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the call idx(threadIdx.x) has an unsigned argument, so it runs
// the overload idx(unsigned), which returns 0: every thread writes a[0];
// threads 0 and 1 write 0 and 1, unordered.  Both overloads come from one
// expansion of BOTH, so they sit at the same expanded source position.
#define DEF(T, E) __device__ int idx(T t) { return E; }
#define BOTH DEF(int, t) DEF(unsigned, 0)
BOTH

__global__ void k(int *a)
{
  a[idx(threadIdx.x)] = threadIdx.x;
}
