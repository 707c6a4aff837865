//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: i counts up by 1 from 0 and n is unsigned, so the `!=` loop
// stops exactly at n: thread t writes a[64·i + t] for i in [0, n), each
// index by one thread.  The second loop counts j = n down to 1 (n is not
// below the bound 0): thread t writes b[64·(j - 1) + t], again each index
// by one thread.
__global__ void k(int *a, int *b, unsigned n)
{
  for (unsigned i = 0; i != n; i++) {
    a[i * 64 + threadIdx.x] = threadIdx.x;
  }
  for (unsigned j = n; j != 0; j--) {
    b[(j - 1) * 64 + threadIdx.x] = threadIdx.x;
  }
}
