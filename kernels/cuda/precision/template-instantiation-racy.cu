//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[8]
// Racy: the only instantiation has TILE = 16, half the block size, so
// thread 16 of block 0 and thread 0 of block 1 both write out[16], different
// values (16 and 0).
template <int TILE> __global__ void fill(float *out);
template __global__ void fill<16>(float *out);

template <int TILE> __global__ void fill(float *out)
{
  out[blockIdx.x * TILE + threadIdx.x] = threadIdx.x;
}
