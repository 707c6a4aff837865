//pass
//--blockDim=[32,4] --gridDim=[1]
// Race-free: thread x (0..127) writes s[p] with p = (x & ~31) | rot(x & 31),
// where rot rotates the five low bits left by one: ((r << 1) | (r >> 4)
// & 1) & 31.  The high part keeps x's group of 32 and the rotation is a
// bijection of 0..31, so p is a permutation of 0..127.  The two halves of
// the `|` have no bit in common (a multiple of 32 and a value below 32),
// so the `|` is a sum.
__global__ void k(int *out)
{
  __shared__ int s[128];
  int x = threadIdx.y * 32 + threadIdx.x;
  int p = (x & 0xFFFFFFE0) | ((x << 1) | (x >> 4) & 0x1) & 0x1F;
  s[p] = x;
  __syncthreads();
  out[x] = s[x];
}
