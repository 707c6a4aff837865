//pass
//--blockDim=[64] --gridDim=[1]
// DRF: c is a const __constant__ object, 1 for the whole program (changing
// it would be undefined behaviour), so thread t writes a[t] alone.
__constant__ const int c = 1;
__global__ void k(int *a)
{
  a[threadIdx.x * c] = threadIdx.x;
}
