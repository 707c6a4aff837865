//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[1]
// Racy: (unsigned char)(2t) is 2t mod 256; threads 0 and 128 both get 0 and
// write a[0] (values 0 and 128), unordered.
__global__ void k(int *a)
{
  a[(unsigned char)(threadIdx.x * 2)] = threadIdx.x;
}
