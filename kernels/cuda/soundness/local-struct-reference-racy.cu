//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: r is a reference to the thread's own struct s, so r.j = 0 sets
// s.j = 0 and a[s.j] is a[0] in every thread: threads 0 and 1 write 0 and
// 1 there, unordered.
struct Slot {
  int j;
};

__global__ void k(int *a)
{
  Slot s;
  s.j = threadIdx.x;
  Slot &r = s;
  r.j = 0;
  a[s.j] = threadIdx.x;
}
