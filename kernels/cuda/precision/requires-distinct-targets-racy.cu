//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[16]
// Racy: targets are distinct only among the threads of the first half of
// each block; a thread of the second half may share its target with any
// other thread.
__global__ void scatter(const int *target, float *out)
{
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  __requires(__implies(threadIdx.x < 32 && __other_int(threadIdx.x) < 32, target[g] != target[__other_int(g)]));
  out[target[g]] = 1.0f * g;
}
