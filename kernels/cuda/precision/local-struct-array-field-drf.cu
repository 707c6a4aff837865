//pass
//--blockDim=[64] --gridDim=[4]
// A struct with an array field, local to each thread (`Window w;`): every
// thread fills and reads its own w.v[0..7], which no other thread can
// reach, reads the struct parameter's coeffs.c[0..3], and writes only
// out[i] for its own global index i.  The input is only read.  Race-free.
struct Window {
  float v[8];
  int count;
};
struct Coeffs {
  float c[4];
};

__global__ void smooth(const float *in, float *out, Coeffs coeffs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Window w;
  w.count = 0;
  for (int k = 0; k < 8; k++) {
    w.v[k] = in[i + k];
    w.count++;
  }
  float s = 0;
  for (int k = 0; k < 8; k++)
    s += w.v[k] * coeffs.c[k % 4];
  out[i] = s / w.count;
}
