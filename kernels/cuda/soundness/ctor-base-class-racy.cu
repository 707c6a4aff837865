//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Constructing a Derived first runs the default constructor of its
// base class, which writes s[0] = threadIdx.x: threads 0 and 1 write
// different values there before the barrier.
__shared__ int s[64];

struct Base {
  int j;
  __device__ Base() : j(1) { s[0] = threadIdx.x; }
};

struct Derived : Base {
  int i;
  __device__ Derived(int t) : i(t) {}
};

__global__ void k(int *out)
{
  Derived d(threadIdx.x);
  __syncthreads();
  out[d.i] = s[threadIdx.x];
}
