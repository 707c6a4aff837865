//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: put() writes the file-scope m through a block-scope `extern`
// declaration of it, at m[t], the cell the kernel itself writes for thread
// t; no two threads touch the same cell.
__device__ int m[64];

__device__ void put(int t)
{
  extern __device__ int m[64];
  m[t] = t + 1;
}

__global__ void k(int *out)
{
  int t = threadIdx.x;
  m[t] = t;
  put(t);
}
