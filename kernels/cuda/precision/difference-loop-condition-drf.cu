//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: `j - n` as a loop condition means `j != n`, so for n >= 1 (the
// requirement) the loop runs j = 1, …, n - 1 and thread t writes
// a[t * n + j], inside its own row [t * n, t * n + n).  The index stays
// below 2^31 for n < 1000.
__global__ void k(int *a, int n)
{
  __requires(n >= 1);
  __requires(n < 1000);
  for (int j = 1; j - n; j++) {
    a[threadIdx.x * n + j] = threadIdx.x;
  }
}
