//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// Racy: the second explicit instantiation, u<32, Box<Box<int>>>, has
// N = 32, so threads 0 and 32 of a block both write a[0] (with 0 + 4 and
// 32 + 4) and nothing orders them.  Its last argument ends in `>>>`,
// which the CUDA lexer reads as one token (the launch's closing bracket):
// it closes the inner Box, the outer Box and the argument list at once.
template <typename T> struct Box { T v; };

template <int N, typename T>
__global__ void u(int *a)
{
  a[threadIdx.x % N] = threadIdx.x + sizeof(T);
}

template __global__ void u<64, Box<int>>(int *);
template __global__ void u<32, Box<Box<int>>>(int *);
