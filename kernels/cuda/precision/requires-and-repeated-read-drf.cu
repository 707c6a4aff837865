//pass
//--blockDim=[64] --gridDim=[2]
// DRF: perm is never written and the requirement pins perm[g] == g; the
// body reads perm[g] twice (two cells of out per thread, g and g + 128).
__global__ void k(const int *perm, int *out)
{
  __requires(perm[blockIdx.x * blockDim.x + threadIdx.x] == blockIdx.x * blockDim.x + threadIdx.x);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[perm[g]] = 1;
  out[perm[g] + 128] = 2;
}
