//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// ctor-array-field-drf.cu with the slot halved: threads 2k and 2k + 1 of
// a block build accumulators on the same slot i / 2 and both flush to
// out[i / 2] (each fills its own v first): a race on `out`, through the
// pointer field the constructor initialises.
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
  Acc a(out, i / 2);
  a.add(0, in[2 * i]);
  a.add(1, in[2 * i + 1]);
  a.flush();
}
