//pass
//--blockDim=[64] --gridDim=[8] --only-intra-group
// Race-free within a block: in each round thread 0 takes the next tile
// from a global counter and publishes it in shared memory; after a
// barrier every thread of the block reads the same tile number (nothing
// writes it until the next round's barrier) and writes element t of that
// tile.  Tiles of 64 elements start 32 apart, so consecutive tiles
// overlap: two threads would meet if they held different tile numbers,
// but in one round they hold the same one and write different elements;
// rounds are separated by barriers.  (Across blocks the tiles come from
// the atomic counter, outside the scope the header claims.)
__device__ unsigned int next_tile;

__global__ void process(float *out, unsigned int tiles)
{
  __shared__ unsigned int tile;
  unsigned t = threadIdx.x;
  while (true) {
    __syncthreads();
    if (t == 0) tile = atomicAdd(&next_tile, 1);
    __syncthreads();
    if (tile >= tiles) break;
    out[tile * 32 + t] = 2.0f * t;
  }
}
