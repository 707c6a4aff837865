//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the increment is a parameter, and with step = 0 every thread gets
// the counter's initial value and writes the same out[j] with its own id.
__global__ void k(unsigned *count, int *out, unsigned step)
{
  unsigned j = atomicAdd(count, step);
  out[j] = threadIdx.x;
}
