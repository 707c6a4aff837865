//pass
//--blockDim=64 --gridDim=1 --warp-sync=32
// Race-free: __shfl_down_sync exchanges registers between the lanes of a
// warp, not memory, and __syncwarp only orders the warp's own threads.
// Each thread writes its own out[t]; the shared tile is written at s[t]
// and read at s[t] by the same thread.
__global__ void sum(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncwarp();
  int v = s[t];
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffff, v, d);
  out[t] = v;
}
