//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop body binds r to the field s.j and moves it with `r++`,
// so thread t writes a[t] and then a[t + 1]: thread 0's second write and
// thread 1's first are both to a[1], unordered.  The field a reference
// declared in the body stands for is moved by the loop.
struct S {
  int j;
};

__global__ void k(int *a)
{
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    int &r = s.j;
    r++;
  }
}
