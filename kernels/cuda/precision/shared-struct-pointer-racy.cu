//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// shared-struct-pointer-drf.cu without the barrier: thread x writes
// t->v[x] (through the helper object) while thread 63 - x reads it
// through the pointer t, in the same barrier interval.  Threads 0 and 63
// race on tile.v[0]; so do the write and the reads of tile.count.
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
  out[i] = t->v[63 - x] * t->count;
}
