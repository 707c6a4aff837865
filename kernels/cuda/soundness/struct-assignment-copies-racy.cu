//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `s = z` copies z (s.j = 0); the later z.j = threadIdx.x changes z
// only, so a[s.j] is a[0] in every thread: threads 0 and 1 write 0 and 1
// there, unordered.  Likewise clear(u) assigns the zeroed struct to the
// caller's u through the reference x, so b[u.j] is b[0] in every thread.
struct Slot {
  int j;
};

__device__ void clear(Slot &x)
{
  Slot z;
  z.j = 0;
  x = z;
}

__global__ void k(int *a, int *b)
{
  Slot z, s, u;
  z.j = 0;
  s = z;
  z.j = threadIdx.x;
  a[s.j] = threadIdx.x;
  u.j = threadIdx.x;
  clear(u);
  b[u.j] = threadIdx.x;
}
