//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy when p->x = 0 and p->y = 1 (the kernel never writes *p, so each
// thread reads these values): thread 1 writes out[1 + 0] = 1 through px and
// thread 0 writes out[0 + 1] = 0 through py, unordered.  px and py point to
// two fields of one element, which the protocol makes one cell: the two
// reads give two values, not one read twice.
struct Pair { int x; int y; };

__global__ void k(const Pair *p, int *out)
{
  const int *px = &p->x;
  const int *py = &p->y;
  out[threadIdx.x + *px] = 1;
  out[threadIdx.x + *py] = threadIdx.x;
}
