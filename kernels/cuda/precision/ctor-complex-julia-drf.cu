//pass
//--blockDim=[16,16] --gridDim=[64,64]
// Race-free.  The Julia set of "CUDA by Example": a complex-number struct
// with a user constructor (member-initialiser list) and operators that
// return temporaries built by it.  The structs are each thread's own
// (locals, temporaries, by-value copies); the only memory written is
// out[4 * offset + c] for c in 0..3, where offset = x + y * 1024 is a
// bijection of the 1024 x 1024 threads of the grid (x, y < 1024), so no
// two threads write the same byte and nothing is read.
#define DIM 1024
struct cuComplex {
  float r;
  float i;
  __device__ cuComplex(float a, float b) : r(a), i(b) {}
  __device__ float magnitude2(void) { return r * r + i * i; }
  __device__ cuComplex operator*(const cuComplex &a) {
    return cuComplex(r * a.r - i * a.i, i * a.r + r * a.i);
  }
  __device__ cuComplex operator+(const cuComplex &a) {
    return cuComplex(r + a.r, i + a.i);
  }
};

__device__ int julia(int x, int y)
{
  const float scale = 1.5f;
  float jx = scale * (float)(DIM / 2 - x) / (DIM / 2);
  float jy = scale * (float)(DIM / 2 - y) / (DIM / 2);
  cuComplex c(-0.8f, 0.156f);
  cuComplex a(jx, jy);
  for (int i = 0; i < 200; i++) {
    a = a * a + c;
    if (a.magnitude2() > 1000)
      return 0;
  }
  return 1;
}

__global__ void kernel(unsigned char *out)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int offset = x + y * gridDim.x * blockDim.x;
  int juliaValue = julia(x, y);
  out[offset * 4 + 0] = 255 * juliaValue;
  out[offset * 4 + 1] = 0;
  out[offset * 4 + 2] = 0;
  out[offset * 4 + 3] = 255;
}
