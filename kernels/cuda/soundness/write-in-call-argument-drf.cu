//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the argument writes a[t] only; out[t] is private.
__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = min(a[threadIdx.x] = threadIdx.x, 3);
}
