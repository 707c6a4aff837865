//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each thread's copy of the parameter b gets b.v = t, cut to 2 bits:
// t % 4.  Threads 1 and 5 both write a[1] (values 1 and 5), unordered.
struct B {
  unsigned v : 2;
  unsigned w : 30;
};

__global__ void k(int *a, B b)
{
  b.v = threadIdx.x;
  a[b.v] = threadIdx.x;
}
