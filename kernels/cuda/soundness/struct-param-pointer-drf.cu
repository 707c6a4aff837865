//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes p.a[t] only.
struct Args { int *a; int n; };

__global__ void k(Args p)
{
  p.a[threadIdx.x] = threadIdx.x;
}
