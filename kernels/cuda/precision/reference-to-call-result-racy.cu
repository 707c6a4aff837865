//xfail:NOT_ALL_VERIFIED
//--blockDim=[32] --gridDim=[1]
// Racy: `cell` returns a reference into `out`, and `bump` writes through
// the (non-const) reference it is given: every thread increments out[0].
__device__ float &cell(float *a, int i)
{
  return a[i];
}

__device__ void bump(float &r)
{
  r += 1.0f;
}

__global__ void count(float *out)
{
  bump(cell(out, 0));
}
