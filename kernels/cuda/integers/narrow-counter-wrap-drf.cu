//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: a `signed char` counter below 100 never wraps (100 < 128), so
// the loop is normalised exactly: thread t writes a[i·64 + t] for i in
// [0, 100), each index by one thread.
__global__ void k(int *a)
{
  for (signed char i = 0; i < 100; i++) {
    a[i * 64 + threadIdx.x] = threadIdx.x;
  }
}
