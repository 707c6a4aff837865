//pass
//--blockDim=[128] --gridDim=[8]
// Race-free under the printed assumption that the unsigned parameter n is
// below 2^31: the grid-stride loop visits i = g, g + 1024, g + 2048, ...
// below n for global thread g, and i + 1024 never wraps around, so each
// element is written by exactly one thread.  (With n near 2^32 the step
// could wrap i back to a small index another thread owns.)
__global__ void k(float *a, unsigned n)
{
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}
