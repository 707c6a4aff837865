//pass
//--blockDim=[128] --gridDim=[4]
// Race-free: the requirement says each thread's slot of `perm` holds its
// own global index, and nothing writes `perm`, so `perm[gid]` read in the
// body is that index: thread g writes out[g] only.
__global__ void scatter(const unsigned *perm, float *out, const float *in)
{
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(perm[blockIdx.x * blockDim.x + threadIdx.x] == blockIdx.x * blockDim.x + threadIdx.x);
  out[perm[gid]] = in[gid];
}
