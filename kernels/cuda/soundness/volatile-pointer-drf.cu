//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes only v[t] = a[t].
__global__ void k(int *a)
{
  volatile int *v = a;
  v[threadIdx.x] = threadIdx.x;
}
