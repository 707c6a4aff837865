//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: threads 0 and 8 both write s[1][0][0] (t % 8 = 0), values 0 and 8,
// unordered.
__global__ void k(int *out)
{
  __shared__ int s[2][8][8];
  s[1][threadIdx.x % 8][0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[1][0][0];
}
