//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[4]
// Racy: the requirement only says each slot of `perm` holds half its
// thread's global index, so threads 0 and 1 both write out[0].
__global__ void scatter(const unsigned *perm, float *out, const float *in)
{
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(perm[blockIdx.x * blockDim.x + threadIdx.x] == (blockIdx.x * blockDim.x + threadIdx.x) / 2);
  out[perm[gid]] = in[gid];
}
