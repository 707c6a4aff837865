//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the exit itself is uniform, but in the iterations that go on each
// thread writes its neighbour's cell of `s` while the neighbour reads its
// own, between the same two barriers.
__global__ void k(float *out, int n)
{
  __shared__ float s[64];
  __shared__ int left;
  unsigned t = threadIdx.x;
  s[t] = 0.0f;
  if (t == 0) left = n;
  __syncthreads();
  while (true) {
    if (left <= 0) break;
    __syncthreads();
    s[(t + 1) % 64] = s[t] + 1.0f;
    __syncthreads();
    if (t == 0) left = left - 1;
    __syncthreads();
  }
  out[t] = s[t];
}
