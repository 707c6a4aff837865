//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: like memcpy-shared with the compiler builtin: every thread copies
// four copies of its threadIdx.x into s[0..3]; threads 0 and 1 both write
// s[0] (0 and 1) before the barrier.
__global__ void k(int *out)
{
  __shared__ int s[4];
  int v[4] = {(int)threadIdx.x, (int)threadIdx.x, (int)threadIdx.x, (int)threadIdx.x};
  __builtin_memcpy(s, v, sizeof v);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x % 4];
}
