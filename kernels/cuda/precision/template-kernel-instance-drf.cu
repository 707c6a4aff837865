//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the only instance is k<1>, where thread t writes a[t].
template <int S>
__global__ void k(int *a)
{
  a[threadIdx.x * S] = threadIdx.x;
}

template __global__ void k<1>(int *);
