//xfail:NOT_ALL_VERIFIED
//--blockDim=[256] --gridDim=[64]
// Racy: the shift is off by one (__ffs(512) = 10, so y = i / 1024), and
// threads i = 0 and i = 512 both write out[0 * 512 + 0].
__global__ void split_index(float *out, unsigned int d)
{
  __requires(d == 512);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int x = i & (d - 1);
  unsigned int y = i >> __ffs(d);
  out[y * 512 + x] = i;
}
