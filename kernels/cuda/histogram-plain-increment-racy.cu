//xfail:NOT_ALL_VERIFIED
//--blockDim=256
// Histogram with a plain increment: two threads whose inputs fall in the
// same bin update it concurrently.
__global__ void histo(const unsigned char *data, unsigned int *bins, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bins[data[i]]++;
}
