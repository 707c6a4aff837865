//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes only (p + t)->x, i.e. p[t].x; distinct threads
// write distinct structs, and nothing else is accessed.
struct S { int x; int y; };

__global__ void k(S *p)
{
  (p + threadIdx.x)->x = threadIdx.x;
}
