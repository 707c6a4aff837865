//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: with signed arithmetic j = t - 64 is negative, and
// j + 64 brings it back to t, so thread t writes a[t] only.
__global__ void k(int *a)
{
  int j = (int)threadIdx.x - 64;
  a[j + 64] = threadIdx.x;
}
