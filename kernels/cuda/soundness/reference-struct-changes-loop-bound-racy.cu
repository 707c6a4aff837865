//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop's bound `s.n` starts at 1, but the function `grow`,
// called in the body with `s` by reference, sets the field to 2: the loop
// runs for i = 0 and i = 1, so thread 0 (i = 1) and thread 1 (i = 0) both
// write a[1].  The reference is to a struct: its fields change although
// no assignment names the reference itself.
struct S {
  int n;
};

__device__ void grow(S &s) { s.n = 2; }

__global__ void k(int *a)
{
  S s;
  s.n = 1;
  for (int i = 0; i < s.n; i++) {
    grow(s);
    a[(threadIdx.x + i) % 64] = threadIdx.x;
  }
}
