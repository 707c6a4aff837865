//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the barrier orders thread 0's write of u.i before thread 1's
// write of u.f (the same bytes).
union U { int i; float f; };

__global__ void k(int *out)
{
  __shared__ U u;
  if (threadIdx.x == 0) u.i = 1;
  __syncthreads();
  if (threadIdx.x == 1) u.f = 2.0f;
}
