//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: c[4t + 3] is the last byte of s[t]; thread t touches only s[t].
__global__ void k(int *out)
{
  __shared__ int s[65];
  char *c = (char *)s;
  s[threadIdx.x] = 0;
  c[4 * threadIdx.x + 3] = 1;
}
