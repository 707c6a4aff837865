// expect: drf
//--blockDim=256
// Whether `scale` is null is one fact for the whole launch: every thread
// takes the same branch, so the barrier inside `if (scale)` is reached by
// all threads of the block or by none (no barrier divergence).  Each
// thread writes tile[tid] before the barrier and reads its neighbour's
// cell after it; out[tid] is written by its own thread only.
__global__ void scaled(float *out, const float *scale)
{
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  if (scale) {
    tile[t] = scale[t];
    __syncthreads();
    out[t] = tile[(t + 1) % 256];
  } else {
    out[t] = 0;
  }
}
