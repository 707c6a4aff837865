//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: threads 0..63 stay; threads 0 and 32 both write a[t % 32] = a[0]
// (values 0 and 32), unordered.
__global__ void k(int *a)
{
  if (threadIdx.x >= 64) return;
  a[threadIdx.x % 32] = threadIdx.x;
}
