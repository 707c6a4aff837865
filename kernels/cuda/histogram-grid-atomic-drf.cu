//pass
//--blockDim=256 --gridDim=64 --grid-level
// Global-memory histogram with a grid-stride loop: every update is an
// atomic, so threads of different blocks do not race on `bins`.
__global__ void histo(const unsigned int *data, unsigned int *bins, int n, int nbins)
{
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    unsigned int b = data[i] % nbins;
    atomicAdd(&bins[b], 1);
  }
}
