//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: `k` has no launch or instantiation here, so it is checked for
// every N.  For N = 0 the call idx<N>(…) runs the explicit specialization
// idx<0>, which returns 0, not the primary template's body: every thread
// writes out[0], each its own threadIdx.x, unordered.

template <int N> __device__ int idx(int t) { return t; }
template <> __device__ int idx<0>(int t) { return 0; }

template <int N> __global__ void k(int *out)
{
  out[idx<N>(threadIdx.x)] = threadIdx.x;
}
