//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: passing `Logged` by value runs its user-written copy constructor,
// which every thread runs and which writes last[0]: thread 0 and thread 1
// both write last[0], unordered.  (A copy constructor that is not
// defaulted is code of the user's, not a copy of the members.)
__device__ int last[1];

struct Logged {
  int v;
  __device__ Logged(int x) : v(x) {}
  __device__ Logged(const Logged &o) : v(o.v) { last[0] = o.v; }
};

__device__ int get(Logged l) { return l.v; }

__global__ void k(int *a)
{
  Logged l(threadIdx.x);
  a[threadIdx.x] = get(l);
}
