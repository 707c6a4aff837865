//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the conversions keep every value of the counter (`unsigned
// char` to `int`, and `int` counting up from 0 to `unsigned`), so the loops
// are normalised exactly: thread t writes a[64·i + t] for i < 4 and b[64·j
// + t] for j < n, each index once.
__global__ void k(int *a, int *b, unsigned n)
{
  for (unsigned char i = 0; i < 4; i++) {
    a[64 * i + threadIdx.x] = threadIdx.x;
  }
  for (int j = 0; j < n; j++) {
    b[64 * j + threadIdx.x] = threadIdx.x;
  }
}
