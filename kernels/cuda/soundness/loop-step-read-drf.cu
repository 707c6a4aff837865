//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t reads a[t] in the loop step; only thread 0 writes, and
// only a[0] (its own cell).  b[t] is private to t.  Even if a and b alias,
// thread t touches only index t of either.
__global__ void k(int *a, int *b)
{
  if (threadIdx.x == 0) a[0] = 5;
  for (int i = 0; i < 1; i += 1 + (a[threadIdx.x] & 1))
    b[threadIdx.x] = i;
}
