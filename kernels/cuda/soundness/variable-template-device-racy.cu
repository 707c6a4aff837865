//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// A histogram kept in a variable template in global memory
// (`bins<T>`, __device__): every thread increments bins<T>[in[i] % 16]
// with a plain read and write, so two threads whose inputs fall in one
// bin (threads 0 and 1 when in[0] = in[1]) race on it.
template <typename T>
__device__ T bins[16];

template <typename T>
__global__ void histogram(const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bins<T>[in[i] % 16] += 1;
}

template __global__ void histogram<int>(const int *);
