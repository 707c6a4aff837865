//pass
//--blockDim=64
// Race-free: the kernel's only instance is the explicit instantiation
// t<Box, 64>, so N = 64 and each of the 64 threads writes its own cell
// a[threadIdx.x % 64] = a[threadIdx.x].  (A template template parameter
// cannot be declared in an instance of the kernel, so the kernel is read
// as one template with N fixed by its instantiations.)
template <typename T> struct Box {};

template <template <typename> class C, int N>
__global__ void t(int *a)
{
  a[threadIdx.x % N] = threadIdx.x;
}

template __global__ void t<Box, 64>(int *);
