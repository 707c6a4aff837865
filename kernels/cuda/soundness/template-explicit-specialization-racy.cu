//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the call idx<4>(…) runs the explicit specialization, whose body
// returns 0 (the primary template's `return t` is not what runs), so every
// thread writes a[0]: threads 0 and 1 write 0 and 1, unordered.  The same
// holds for the deduced call slot(threadIdx.x), which picks the explicit
// specialization slot<unsigned>.
template <int N> __device__ int idx(int t) { return t; }
template <> __device__ int idx<4>(int t) { return 0; }

template <typename T> __device__ T slot(T t) { return t; }
template <> __device__ unsigned slot<unsigned>(unsigned t) { return 64; }

__global__ void k(int *a)
{
  a[idx<4>(threadIdx.x)] = threadIdx.x;
  a[slot(threadIdx.x)] = threadIdx.x;
}
