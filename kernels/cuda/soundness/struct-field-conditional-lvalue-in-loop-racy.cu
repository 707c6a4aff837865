//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `(threadIdx.x < 1000 ? s.j : d) = 0` sets the field s.j to 0 in the first
// iteration, so in the second every thread writes a[0]: threads 0 and 1
// race.  (The field changed through a conditional lvalue was not havocked at the loop: it kept threadIdx.x, DRF.)
struct S { int j; };
__global__ void k(int *a)
{
  int d = 0;
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    (threadIdx.x < 1000 ? s.j : d) = 0;
  }
}
