//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: float has a 24-bit significand, so (float)(16777216 + 1) rounds
// to 16777216: threads 0 and 1 both write out[16777216] (a large buffer).
__global__ void k(int *out)
{
  float v = threadIdx.x + 16777216;
  out[(int)v] = threadIdx.x;
}
