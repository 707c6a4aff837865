//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: put<0> writes a[2t] and put<1> writes a[2t + 1]; the two
// instances write disjoint cells, and each thread its own.
template <int OFF>
__device__ void put(int *a, int v) { a[2 * threadIdx.x + OFF] = v; }

__global__ void k(int *a)
{
  put<0>(a, 1);
  put<1>(a, 2);
}
