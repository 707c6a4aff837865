//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop moves the field s.j through bump's `int &` parameter, so
// thread t writes a[t] and then a[t + 1]: thread 0's second write and
// thread 1's first are both to a[1], unordered.  (The second loop of
// reference-moved-in-loop-racy.cu alone.)
struct S {
  int j;
};

__device__ void bump(int &x) { x++; }

__global__ void k(int *a)
{
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    bump(s.j);
  }
}
