//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: reset(&s) writes s.j = 0 through the pointer to the thread's own
// struct, so a[s.j] is a[0] in every thread: threads 0 and 1 write 0 and 1
// there, unordered.
struct Slot {
  int j;
};

__device__ void reset(Slot *x) { x->j = 0; }

__global__ void k(int *a)
{
  Slot s;
  s.j = threadIdx.x;
  reset(&s);
  a[s.j] = threadIdx.x;
}
