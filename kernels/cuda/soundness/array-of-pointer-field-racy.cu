//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s.ptrs[t & 1] is x for even t, so threads 0 and 2 both write x[0]
// (values 0 and 2) before the barrier.
struct P { int *ptrs[2]; };

__global__ void k(int *out)
{
  __shared__ int x[64];
  __shared__ int y[64];
  P s;
  s.ptrs[0] = x;
  s.ptrs[1] = y;
  s.ptrs[threadIdx.x & 1][0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = x[0] + y[0];
}
