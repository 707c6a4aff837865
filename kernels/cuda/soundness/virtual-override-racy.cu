//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: slot(&d, t) calls b->idx(t) on a Zero object through a Base
// pointer; idx is virtual, so Zero::idx runs and returns 0 (not Base::idx's
// t): every thread writes a[0]; threads 0 and 1 write 0 and 1 there,
// unordered.
struct Base {
  __device__ virtual int idx(int t) const { return t; }
};

struct Zero : Base {
  __device__ int idx(int t) const override { return 0; }
};

__device__ int slot(const Base *b, int t) { return b->idx(t); }

__global__ void k(int *a)
{
  Zero d;
  a[slot(&d, threadIdx.x)] = threadIdx.x;
}
