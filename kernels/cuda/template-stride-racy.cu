//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// Template kernel analysed generically: the block-strided copy steps by
// STRIDE, which may be smaller than the block, so two threads can write the
// same cell (e.g. STRIDE = 64 with 128 threads), each its own value n + t
// (storing n alone would be a benign pair: docs/benign-writes.md).
template <int STRIDE>
__global__ void fill(int *out, int n)
{
  __shared__ int buf[1024];
  for (int i = threadIdx.x; i < 1024; i += STRIDE)
    buf[i] = n + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
template __global__ void fill<64>(int *, int);
