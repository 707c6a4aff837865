//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: after the barrier s[0].x = 1 and s[0].y = 2; odd threads write
// out[0] = *px = 1, even threads out[0] = *py = 2.  Threads 0 and 1 write
// different values to out[0], unordered: not a benign pair, although both
// writes store "the shared cell s[0]" of the protocol (its fields are one
// cell).
struct Pair { int x; int y; };

__global__ void k(int *out)
{
  __shared__ Pair s[1];
  if (threadIdx.x == 0) {
    s[0].x = 1;
    s[0].y = 2;
  }
  __syncthreads();
  int *px = &s[0].x;
  int *py = &s[0].y;
  if (threadIdx.x & 1)
    out[0] = *px;
  else
    out[0] = *py;
}
