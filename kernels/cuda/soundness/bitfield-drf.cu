//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the barrier orders thread 0's write of b.lo before thread 1's
// write of b.hi.
struct B { unsigned lo : 16; unsigned hi : 16; };

__global__ void k(int *out)
{
  __shared__ B b;
  if (threadIdx.x == 0) b.lo = 1;
  __syncthreads();
  if (threadIdx.x == 1) b.hi = 2;
}
