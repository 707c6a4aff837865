//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[1]
// Racy: s = (unsigned short)(1024 t) is 1024 t mod 65536; for t = 0 and
// t = 64 both are 0, so both write a[0] (values 0 and 64), unordered.
__global__ void k(int *a)
{
  unsigned short s = threadIdx.x * 1024;
  a[s / 1024] = threadIdx.x;
}
