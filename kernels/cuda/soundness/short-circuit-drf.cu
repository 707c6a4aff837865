//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: t < 100 is true for every thread, so || never evaluates the
// write a[0] = t; only out[t] is written.
__global__ void k(int *a, int *out)
{
  out[threadIdx.x] = (threadIdx.x < 100 || (a[0] = threadIdx.x));
}
