//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop replaces the nested struct s.in as a whole with t, whose
// j is one more, so thread t writes a[t] and then a[t + 1]: thread 0's
// second write and thread 1's first are both to a[1], unordered.
// Assigning a struct-typed field moves all of its fields (s.in.j).
struct In {
  int j;
};

struct S {
  In in;
};

__global__ void k(int *a)
{
  S s;
  s.in.j = threadIdx.x;
  In t;
  for (int i = 0; i < 2; i++) {
    a[s.in.j] = threadIdx.x;
    t.j = s.in.j + 1;
    s.in = t;
  }
}
