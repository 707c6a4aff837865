//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `Slot q;` and `Slot r = {1};` run the default member initializer
// of `v` (r lists only `w`), which writes s[0] in every thread: threads 0
// and 1 write 0 and 1 there, unordered (the barrier comes after).
__shared__ int s[64];

struct Slot {
  int w;
  int v = (s[0] = threadIdx.x);
};

__global__ void k(int *a)
{
  Slot q;
  Slot r = {1};
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x] + q.v + r.w;
}
