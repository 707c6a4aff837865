//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[64]
// Racy.  The twin of precision/ctor-temporary-method-drf.cu on the
// temporary Slot(3): every thread writes out[3] (its own threadIdx.x),
// threads 0 and 1 of block 0 with different values, unordered.
struct Slot {
  int i;
  __device__ Slot(int t) : i(t) {}
  __device__ void put(float *out, float v) { out[i] = v; }
};

__global__ void k(float *out)
{
  Slot(3).put(out, threadIdx.x);
}
