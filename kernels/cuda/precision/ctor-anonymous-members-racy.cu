//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[4]
// ctor-anonymous-members-drf.cu with Pos p(i / 2, 0): the member x of the
// anonymous struct holds i / 2, so threads 2k and 2k + 1 both write
// out[k].  A race on `out`, through the constructor's initialiser.
struct Pos {
  __device__ Pos(int a, int b) : x(a), y(b) {}
  struct {
    int x, y;
  };
};
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

__global__ void gather(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Pos p(i / 2, 0);
  Vec3 v(i % n, i / n, 0);
  out[p.x] = in[v.x + v.y * n];
}
