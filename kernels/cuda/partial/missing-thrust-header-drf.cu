//pass
//--blockDim=[256] --gridDim=[8]
// Partial input: thrust is not installed for mapcheck.  The missing header
// is read as an empty file, so the host code that uses thrust does not
// compile (warnings); the kernel does not use it and is checked.
// Race-free: each thread of the grid writes the element of its own global
// index (2,048 threads, 2,048 distinct elements) and reads only its input.
#include <thrust/device_vector.h>

__global__ void saxpy(const float *x, float *y, float a)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

void run(int n)
{
  thrust::device_vector<float> x(n, 1.0f), y(n, 2.0f);
  saxpy<<<n / 256, 256>>>(thrust::raw_pointer_cast(x.data()),
                          thrust::raw_pointer_cast(y.data()), 3.0f);
}
