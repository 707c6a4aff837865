//pass
//--blockDim=[64] --gridDim=[4]
// A constructor of a struct with an array field (`float v[4]`, which no
// initialiser sets) and a pointer field: each thread builds its own
// accumulator on out at slot i, its global index, fills v (its own
// memory) and flushes v[0] to out[i].  Distinct i for every thread:
// race-free.
struct Acc {
  float v[4];
  float *dst;
  int slot;
  __device__ Acc(float *d, int s) : dst(d), slot(s) {}
  __device__ void add(int k, float x) { v[k % 4] = x; }
  __device__ void flush() { dst[slot] = v[0]; }
};

__global__ void accumulate(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Acc a(out, i);
  a.add(0, in[2 * i]);
  a.add(1, in[2 * i + 1]);
  a.flush();
}
