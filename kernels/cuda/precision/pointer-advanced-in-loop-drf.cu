//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t starts at p = a + t and advances p by 64 each
// iteration, writing a[t + 64k] for k = 0..7: the cells t + 64k identify
// (t, k) since t < 64.
__global__ void k(float *a)
{
  int t = threadIdx.x;
  float *p = a + t;
  for (int i = 0; i < 8; i++, p += 64)
    *p = t;
}
