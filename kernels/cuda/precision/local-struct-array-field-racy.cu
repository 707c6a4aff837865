//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// local-struct-array-field-drf.cu with the window in shared memory: one
// `Window w` per block, and every thread of the block fills all of
// w.v[0..7] and then reads them.  Threads 0 and 1 of a block both write
// w.v[0] with no barrier between: a race on `w.v`.
struct Window {
  float v[8];
  int count;
};

__global__ void smooth(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ Window w;
  for (int k = 0; k < 8; k++)
    w.v[k] = in[i + k];
  float s = 0;
  for (int k = 0; k < 8; k++)
    s += w.v[k];
  out[i] = s;
}
