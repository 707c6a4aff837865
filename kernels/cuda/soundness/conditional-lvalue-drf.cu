//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: odd t writes a[t] (1..63), even t writes a[t + 64] (64..126);
// the two ranges are disjoint and each is injective in t.
__global__ void k(int *a)
{
  ((threadIdx.x & 1) ? a[threadIdx.x] : a[threadIdx.x + 64]) = threadIdx.x;
}
