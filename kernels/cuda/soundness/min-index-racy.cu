//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: min(t, 10) is 10 for t = 10 and t = 11; both write a[10] (values 10
// and 11), unordered.
__global__ void k(int *a)
{
  a[min((int)threadIdx.x, 10)] = threadIdx.x;
}
