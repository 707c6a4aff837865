//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement on `slot` is stated only on the path where
// `n > 0`; with n == 0 nothing is known of `slot`, and threads may share
// a slot.
__global__ void k(const unsigned *slot, float *out, unsigned n)
{
  unsigned t = threadIdx.x;
  if (n > 0) {
    __requires(slot[threadIdx.x] == threadIdx.x);
  }
  out[slot[t]] = 1.0f * t;
}
