//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `reinterpret_cast<float4 &>(out[2t])` is a 16-byte place at
// out[2t]: writing it writes out[2t .. 2t + 3], so threads 0 and 1 both
// write out[2] and out[3].  A front end that keeps the operand `out[2t]`
// as the place sees one float per thread.
__global__ void k(float *out)
{
  reinterpret_cast<float4 &>(out[2 * threadIdx.x]) = make_float4(0.0f, 1.0f, 2.0f, 3.0f);
}
