//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: before the barrier thread t writes only s.inner.arr[t]; after
// it, threads only read.  Distinct threads write distinct cells.
struct Inner { int arr[64]; };
struct Outer { int n; Inner inner; };

__global__ void k(int *out)
{
  __shared__ Outer s;
  s.inner.arr[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s.inner.arr[63 - threadIdx.x];
}
