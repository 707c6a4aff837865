//pass
//--blockDim=[32] --gridDim=[8]
// Race-free: the program instantiates the kernel only with TILE = 32, the
// block size, so block b writes out[32b .. 32b + 31], one cell per thread.
// (With TILE left symbolic, TILE = 0 would make every block write out[t].)
template <int TILE> __global__ void fill(float *out);
template __global__ void fill<32>(float *out);

template <int TILE> __global__ void fill(float *out)
{
  out[blockIdx.x * TILE + threadIdx.x] = threadIdx.x;
}
