//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `zero`, taking `threadIdx.x < 1000 ? s.j : d` by reference, sets the field s.j to 0 in the first
// iteration, so in the second every thread writes a[0]: threads 0 and 1
// race.  (A field passed by reference inside a conditional lvalue was not havocked at the loop: DRF.)
struct S { int j; };
__device__ void zero(int &x) { x = 0; }
__global__ void k(int *a)
{
  int d = 0;
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    zero(threadIdx.x < 1000 ? s.j : d);
  }
}
