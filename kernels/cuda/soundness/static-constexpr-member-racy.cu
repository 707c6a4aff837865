//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: C::stride is 0, so every thread writes a[0].
struct C { static constexpr int stride = 0; };

__global__ void k(int *a)
{
  a[threadIdx.x * C::stride] = threadIdx.x;
}
