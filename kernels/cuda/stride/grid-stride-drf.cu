//pass
// A grid-stride loop with symbolic launch dimensions: global thread g =
// blockIdx.x * blockDim.x + threadIdx.x (g < blockDim.x * gridDim.x = S)
// visits i = g, g + S, g + 2S, ... below n.  Two threads meet at i only if
// g1 + k1 * S = g2 + k2 * S, and as both g are below S that forces g1 = g2:
// each element is read and written by one thread.  (Before the stride
// split of issue 16 the query multiplied k by S and timed out.)
__global__ void scale(float *a, int n)
{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}
