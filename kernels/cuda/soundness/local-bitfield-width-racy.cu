//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: b.v has 2 bits, so b.v = t stores t % 4; threads 0 and 4 both
// write a[0] (values 0 and 4), unordered.  (Kept as t, the index would
// differ in every thread.)
struct B {
  unsigned v : 2;
};

__global__ void k(int *a)
{
  B b;
  b.v = threadIdx.x;
  a[b.v] = threadIdx.x;
}
