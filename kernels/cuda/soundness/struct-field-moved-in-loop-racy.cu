//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop moves the field s.j of the thread's own struct, so thread
// t writes a[t] and then a[t + 1]: thread 0's second write and thread 1's
// first are both to a[1], unordered.  In the second loop the struct is
// replaced as a whole (u = v), with the same effect on b.  A front end that
// havocs only the plain variables a loop assigns keeps s.j (u.j) at its
// value before the loop and sees b[t], a[t] twice: DRF.
struct S {
  int j;
};

__global__ void k(int *a, int *b)
{
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    s.j += 1;
  }
  S u, v;
  u.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    b[u.j] = threadIdx.x;
    v.j = u.j + 1;
    u = v;
  }
}
