//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The loop's bound `s.n` starts at 1, but the method `grow`, called
// in the body, sets it to 2 through `this`: the loop runs for i = 0 and
// i = 1, so thread 0 (i = 1) and thread 1 (i = 0) both write a[1].  A
// bound read once at the loop's entry would miss the second iteration.
struct S {
  int n;
  __device__ void grow() { n = 2; }
};

__global__ void k(int *a)
{
  S s;
  s.n = 1;
  for (int i = 0; i < s.n; i++) {
    s.grow();
    a[(threadIdx.x + i) % 64] = threadIdx.x;
  }
}
