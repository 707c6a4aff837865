//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: t < 64, so t << 26 < 2^32 does not overflow and
// (t << 26) >> 26 is t: thread t writes a[t] only.
__global__ void k(int *a)
{
  a[(threadIdx.x << 26) >> 26] = threadIdx.x;
}
