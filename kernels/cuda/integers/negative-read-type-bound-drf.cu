//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: v is an int, so v >= -2^31 and the test is never true: no
// thread writes a[0].  (The read of b[v], a signed and possibly negative
// index, makes the checker state the bounds of v's type, v's negative part
// at most 2^31; without that bound v < -2^31 would look possible and every
// thread could write a[0].)
__global__ void k(const int *in, const int *b, int *a)
{
  int v = in[threadIdx.x];
  int w = b[v];
  if ((long long)v < -2147483648LL)
    a[0] = threadIdx.x + w;
}
