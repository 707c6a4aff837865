//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: `s = z` copies z (s.j = threadIdx.x); the later z.j = 0
// changes z only, so thread t writes a[t].  set(u) assigns a struct
// holding 64 + threadIdx.x to the caller's u, so thread t writes b[64 + t]:
// distinct cells per thread.
struct Slot {
  int j;
};

__device__ void set(Slot &x)
{
  Slot z;
  z.j = 64 + threadIdx.x;
  x = z;
}

__global__ void k(int *a, int *b)
{
  Slot z, s, u;
  z.j = threadIdx.x;
  s = z;
  z.j = 0;
  a[s.j] = threadIdx.x;
  u.j = 0;
  set(u);
  b[u.j] = threadIdx.x;
}
