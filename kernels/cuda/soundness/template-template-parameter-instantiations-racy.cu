//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// Racy: besides t<Box, 64> the program instantiates t<Box, 32>, in which
// threads 0 and 32 of a block both write a[0] (0 % 32 = 32 % 32 = 0) with
// different values and nothing orders them.  N differs between the
// instantiations, so no one value of it may be assumed.
template <typename T> struct Box {};

template <template <typename> class C, int N>
__global__ void t(int *a)
{
  a[threadIdx.x % N] = threadIdx.x;
}

template __global__ void t<Box, 64>(int *);
template __global__ void t<Box, 32>(int *);
