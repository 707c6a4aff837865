//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: `Outer`'s copy constructor is implicit, but it copies the member
// `in` with `Logged`'s user-written copy constructor, which writes last[0]
// in every thread.  Unordered writes of last[0] by threads 0 and 1.
__device__ int last[1];

struct Logged {
  int v;
  __device__ Logged(int x) : v(x) {}
  __device__ Logged(const Logged &o) : v(o.v) { last[0] = o.v; }
};

struct Outer {
  Logged in;
  __device__ Outer(int x) : in(x) {}
};

__device__ int get(Outer o) { return o.in.v; }

__global__ void k(int *a)
{
  Outer o(threadIdx.x);
  a[threadIdx.x] = get(o);
}
