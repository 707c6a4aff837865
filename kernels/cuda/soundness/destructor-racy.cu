//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `w` dies at the end of its block, which runs the user's destructor
// ~Guard(): it writes w.p[0] = a[0] in every thread, so threads 0 and 1
// write 0 and 1 there, unordered.  No statement of the kernel shows the
// call.
struct Guard {
  int *p;
  __device__ ~Guard() { p[0] = threadIdx.x; }
};

__global__ void k(int *a)
{
  {
    Guard w;
    w.p = a;
  }
  a[64 + threadIdx.x] = threadIdx.x;
}
