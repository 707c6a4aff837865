//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the static array is shared, but (one block) thread t writes only
// s[t].
__global__ void k(int *out)
{
  static int s[64];
  s[threadIdx.x] = threadIdx.x;
}
