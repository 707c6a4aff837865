//pass
//--blockDim=[64] --gridDim=[4]
// Constructors that initialise members of anonymous structs and unions
// (`: x(a), y(b)`, as vector classes of maths libraries declare them).
// Each thread builds Pos p(i, …) with i its global index and writes only
// out[p.x]; the union-based Vec3 is only used to read `in` (whatever
// values its members hold, reads do not race).  Race-free.
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
  Pos p(i, 0);
  Vec3 v(i % n, i / n, 0);
  out[p.x] = in[v.x + v.y * n];
}
