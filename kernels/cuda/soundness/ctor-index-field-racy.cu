//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[64]
// Racy.  The twin of precision/ctor-index-field-drf.cu whose constructor
// ignores its argument and stores the constant 7 in `i`: every thread
// writes out[7] (its own threadIdx.x), threads 0 and 1 of block 0
// unordered, with different values.
struct Slot {
  int i;
  int step = 1;
  __device__ Slot(int t) : i(7) {}
};

__global__ void k(float *out)
{
  Slot p(blockIdx.x * blockDim.x + threadIdx.x);
  out[p.i] = threadIdx.x;
}
