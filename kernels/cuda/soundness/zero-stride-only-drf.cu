//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes a[t * s + j] only for j < s, inside its own
// row of s cells; for s == 0 no j qualifies and nothing is written.
__global__ void k(int *a, unsigned s, unsigned n)
{
  __requires(s < 1024);
  for (unsigned j = 0; j < n; j++)
    if (j < s)
      a[threadIdx.x * s + j] = threadIdx.x;
}
