//pass
//--blockDim=[64] --gridDim=[4]
// A struct in shared memory reached through a pointer: `Tile *t = &tile`,
// and a helper object holding `&tile` (as CUB-style collectives hold their
// temporary storage).  Thread x writes t->v[x] and tile.count only from
// thread 0; after the barrier every thread reads t->v[63 - x] and the
// count, and writes its own out cell.  Race-free.
struct Tile {
  float v[64];
  int count;
};

struct Writer {
  Tile *t;
  __device__ Writer(Tile &tile) : t(&tile) {}
  __device__ void put(unsigned x, float f) { t->v[x] = f; }
};

__global__ void reverse(const float *in, float *out) {
  __shared__ Tile tile;
  unsigned x = threadIdx.x, i = blockIdx.x * 64 + x;
  Tile *t = &tile;
  Writer(tile).put(x, in[i]);
  if (x == 0)
    t->count = 64;
  __syncthreads();
  out[i] = t->v[63 - x] * t->count;
}
