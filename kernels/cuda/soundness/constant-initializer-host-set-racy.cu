//xfail:NOT_ALL_VERIFIED
// Racy: the host sets the __constant__ c to 0 before the launch
// (cudaMemcpyToSymbol), so every thread writes a[0]: threads 0 and 1 race.
// (c was taken for its initializer, 1: a[t], DRF.)
__constant__ int c = 1;
__global__ void k(int *a)
{
  a[threadIdx.x * c] = threadIdx.x;
}
void host(int *a)
{
  int zero = 0;
  cudaMemcpyToSymbol(c, &zero, sizeof(int));
  k<<<1, 64>>>(a);
}
