//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: each loop moves its index through a reference: `r++` with `int &r
// = j`, and `bump(s.j)`, whose parameter is an `int &`.  So thread t writes
// a[t] and then a[t + 1] (and b likewise): thread 0's second write and
// thread 1's first are both to a[1] (b[1]), unordered.  A loop that havocs
// only the variables it assigns by name (r, not j; nothing for s.j) keeps
// j and s.j at t and answers DRF.  In the third loop m moves by 64 and
// back by 1 through q: thread t writes c[t] and c[t + 63], so threads 0
// and 63 both write c[63]; taking m as an induction variable t + 64·i
// misses the reference's step.
struct S {
  int j;
};

__device__ void bump(int &x) { x++; }

__global__ void k(int *a, int *b, int *c)
{
  int j = threadIdx.x;
  int &r = j;
  for (int i = 0; i < 2; i++) {
    a[j] = threadIdx.x;
    r++;
  }
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    b[s.j] = threadIdx.x;
    bump(s.j);
  }
  int m = threadIdx.x;
  int &q = m;
  for (int i = 0; i < 2; i++) {
    c[m] = threadIdx.x;
    m += 64;
    q -= 1;
  }
}
