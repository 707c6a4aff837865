//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the __assume stands before every access (only a declaration
// of a thread-local value precedes it), so n == 1 at the write and thread
// t writes a[t] alone.
__global__ void k(int *a, int n)
{
  int t = threadIdx.x;
  __assume(n == 1);
  a[t * n] = t;
}
