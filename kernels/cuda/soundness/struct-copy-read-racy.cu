//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: P t = s reads all of s, including s.x, in every thread; thread 0
// writes s.x = 1 with no barrier before thread 1's copy reads it.
struct P { int x; int y; };

__global__ void k(int *out)
{
  __shared__ P s;
  if (threadIdx.x == 0) s.x = 1;
  P t = s;
  out[threadIdx.x] = t.x + t.y;
}
