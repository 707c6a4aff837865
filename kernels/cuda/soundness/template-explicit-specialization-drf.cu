//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: idx<4> is the explicit specialization returning t, so thread t
// writes a[t] only (distinct cells); slot<unsigned> returns 64 + t, so the
// second write goes to a[64 + t], disjoint from the first and per thread.
// The primary templates (returning 0) are never called.
template <int N> __device__ int idx(int t) { return 0; }
template <> __device__ int idx<4>(int t) { return t; }

template <typename T> __device__ T slot(T t) { return 0; }
template <> __device__ unsigned slot<unsigned>(unsigned t) { return 64 + t; }

__global__ void k(int *a)
{
  a[idx<4>(threadIdx.x)] = threadIdx.x;
  a[slot(threadIdx.x)] = threadIdx.x;
}
