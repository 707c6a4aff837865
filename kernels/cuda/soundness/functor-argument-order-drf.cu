//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: f(0, threadIdx.x) runs F::operator()(i = 0, j = threadIdx.x),
// so thread t writes s[t] only; after the barrier it reads s[t] (its own
// cell) and writes a[t]: no two threads share a cell.
__shared__ int s[64];

struct F {
  __device__ void operator()(int i, int j) const { s[j] = threadIdx.x; }
};

__global__ void k(int *a)
{
  F f;
  f(0, threadIdx.x);
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}
