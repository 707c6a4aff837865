//pass
//--blockDim=[16,4] --gridDim=2
// Race-free.  A 16x4 block: the linear id is l = x + 16 y, so warp 0 is
// rows y = 0, 1 and warp 1 is rows y = 2, 3.  Thread (x, y) touches
// s[y][x] (writes, phases 1 and 3), s[y ^ 1][x] (read, phase 2) and
// s[y][15 - x] (read, phase 4).  Cell s[y][x] is thus accessed by (x, y),
// (x, y ^ 1) and (15 - x, y): linear ids l, l ^ 16 and l's row mirror, all
// in l's warp (y and y ^ 1 have the same y / 2).  The phases are separated
// by __syncwarp() / __syncwarp(0xffffffff), reached by every thread of
// both warps.  Shared memory is per block; out is indexed by block.
__global__ void rows(const int *in, int *out)
{
  __shared__ int s[4][16];
  unsigned int x = threadIdx.x, y = threadIdx.y;
  unsigned int g = blockIdx.x * 64 + x + 16 * y;
  s[y][x] = in[g];
  __syncwarp();
  int v = s[y ^ 1][x];
  __syncwarp(0xffffffff);
  s[y][x] = v;
  __syncwarp();
  out[g] = s[y][15 - x];
}
