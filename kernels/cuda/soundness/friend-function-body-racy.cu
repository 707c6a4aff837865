//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the friend function `slot`, defined inside `Idx`, returns 0 for
// every thread, so all threads write out[0], each its own threadIdx.x.
// (Its body is in this file: it is inlined, not a call without a body.)

struct Idx {
  int v;
  friend __device__ int slot(Idx i) { return i.v * 0; }
};

__global__ void k(int *out)
{
  Idx i = {(int)threadIdx.x};
  out[slot(i)] = threadIdx.x;
}
