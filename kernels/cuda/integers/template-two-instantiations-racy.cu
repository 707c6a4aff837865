//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: put<0> writes a[t] = 1 and put<1> writes a[t + 1] = 2.  Thread 1's
// put<0> writes a[1] = 1 and thread 0's put<1> writes a[1] = 2, unordered.
template <int OFF>
__device__ void put(int *a, int v) { a[threadIdx.x + OFF] = v; }

__global__ void k(int *a)
{
  put<0>(a, 1);
  put<1>(a, 2);
}
