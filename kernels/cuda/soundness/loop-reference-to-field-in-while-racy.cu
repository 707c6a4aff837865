//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the loop body binds r to the field s.j inside a `while` that a
// `break` leaves after one round (s.j ≥ 0 holds) and moves it with `r++`
// once per iteration, so thread t writes a[t] and then a[t + 1]: thread
// 0's second write and thread 1's first are both to a[1] (values 0 and
// 1), unordered.  (The twin of loop-reference-to-field-in-body-racy.cu,
// the reference declared one statement deeper.)
struct S {
  int j;
};

__global__ void k(int *a)
{
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j] = threadIdx.x;
    while (s.j >= 0) {
      int &r = s.j;
      r++;
      break;
    }
  }
}
