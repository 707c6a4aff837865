//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 and thread 1 both write s.inner.arr[0] (index t/2 = 0) with
// values 0 and 1, before any barrier.
struct Inner { int arr[64]; };
struct Outer { int n; Inner inner; };

__global__ void k(int *out)
{
  __shared__ Outer s;
  s.inner.arr[threadIdx.x / 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s.inner.arr[threadIdx.x / 2];
}
