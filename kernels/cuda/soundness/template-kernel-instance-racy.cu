//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the only instance launched is k<0>, where every thread writes
// a[t * 0] = a[0]: threads 0 and 1 write 0 and 1.
template <int S>
__global__ void k(int *a)
{
  a[threadIdx.x * S] = threadIdx.x;
}

template __global__ void k<0>(int *);
