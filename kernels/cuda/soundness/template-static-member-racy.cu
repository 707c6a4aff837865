//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: Counter<int>::last is a static data member of a class template's
// instance: one __device__ variable for the whole grid, not a variable of
// each thread.  Threads 0 and 1 both write it (values 0 and 1), unordered.
// (Its instance's declaration had no binding, and was taken as a local of
// each thread: drf.)
template <typename T> struct Counter {
  static __device__ T last;
};
template <typename T> __device__ T Counter<T>::last;

__global__ void k(int *out)
{
  Counter<int>::last = threadIdx.x;
}
