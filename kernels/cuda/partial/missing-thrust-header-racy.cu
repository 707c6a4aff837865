//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[8]
// Partial input: thrust is not installed for mapcheck; the missing header
// is read as an empty file and only the host code that uses it fails.
// Racy: each thread reads y[i + 1], which the next thread of the grid
// writes (threads 0 and 1 of block 0: thread 1 writes y[1], thread 0
// reads it), with no barrier between.
#include <thrust/device_vector.h>

__global__ void shift_add(const float *x, float *y)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[i] + y[i + 1];
}

void run(int n)
{
  thrust::device_vector<float> x(n + 1, 1.0f), y(n + 1, 2.0f);
  shift_add<<<n / 256, 256>>>(thrust::raw_pointer_cast(x.data()),
                              thrust::raw_pointer_cast(y.data()));
}
