//pass
//--blockDim=[32,4] --gridDim=[1]
// Race-free: x = 0..127 is an int, so ~31 is the int -32 (every bit from 5
// up) and x & ~31 is x's group of 32, 32 * (x / 32); (x + 1) & 31 is
// (x + 1) % 32, a rotation of 0..31 within the group.  The two have no bit
// in common, so p = 32 * (x / 32) + (x + 1) % 32 is a permutation of
// 0..127.
__global__ void k(int *a)
{
  int x = threadIdx.y * 32 + threadIdx.x;
  int p = (x & ~31) | ((x + 1) & 31);
  a[p] = x;
}
