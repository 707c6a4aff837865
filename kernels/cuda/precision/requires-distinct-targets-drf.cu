//pass
//--blockDim=[64] --gridDim=[16]
// Race-free: the requirement says no two threads have the same target,
// and `target` is only read, so the scattered writes never meet.
__global__ void scatter(const int *target, float *out)
{
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(target[blockIdx.x * blockDim.x + threadIdx.x] != target[__other_int(blockIdx.x * blockDim.x + threadIdx.x)]);
  out[target[g]] = 1.0f * g;
}
