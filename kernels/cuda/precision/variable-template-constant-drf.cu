//pass
//--blockDim=[64] --gridDim=[4]
// A convolution whose mask is a variable template in constant memory
// (`mask<T>`): the host fills it, the kernel only reads it.  Each thread
// reads in[i .. i + w - 1] and mask<T>[0 .. w - 1] and writes only out[i],
// i its own global index: race-free.
#define MAX_WIDTH 16

template <typename T>
__constant__ T mask[MAX_WIDTH];

template <typename T>
__global__ void conv(const T *in, T *out, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T s = 0;
  for (int j = 0; j < w; j++)
    s += in[i + j] * mask<T>[j];
  out[i] = s;
}

template __global__ void conv<float>(const float *, float *, int);
template __global__ void conv<double>(const double *, double *, int);
