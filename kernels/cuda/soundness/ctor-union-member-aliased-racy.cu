//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// A constructor initialises x of an anonymous union's struct to the
// thread's global index, then the thread sets r, which shares x's
// storage, to 0: every thread writes its index i to out[v.x] = out[0].  A race on `out`;
// reading x as the constructor's value would hide it.
struct Vec3 {
  __device__ Vec3(int a, int b, int c) : x(a), y(b), z(c) {}
  union {
    struct {
      int x, y, z;
    };
    struct {
      int r, g, b;
    };
  };
};

__global__ void scatter(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Vec3 v(i, 0, 0);
  v.r = 0;
  out[v.x] = i;
}
