//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: w(0, t) runs the functor's operator(), which writes a[0]; threads 0
// and 1 write 0 and 1 there, unordered.
struct W {
  int *a;
  __device__ void operator()(int i, int v) const { a[i] = v; }
};

__global__ void k(int *a)
{
  W w = {a};
  w(0, threadIdx.x);
}
