//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the condition `n + 1 - j` is `j != n + 1`, so for n >= 0 the loop
// runs j = 0, …, n and thread t writes a[t * n + j] for every j in [0, n]:
// thread 0 at j = n and thread 1 at j = 0 both write a[n], with their own
// ids.  The twin of difference-loop-condition-drf.cu, one iteration longer
// and starting at 0.
__global__ void k(int *a, int n)
{
  __requires(n >= 0);
  __requires(n < 1000);
  for (int j = 0; n + 1 - j; j++) {
    a[threadIdx.x * n + j] = threadIdx.x;
  }
}
