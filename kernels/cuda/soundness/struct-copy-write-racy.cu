//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: s = t copies a whole struct into the one __shared__ s in every
// thread; threads 0 and 1 write s.x with 0 and 1 before the barrier.
struct P { int x; int y; };

__global__ void k(int *out)
{
  __shared__ P s;
  P t = {(int)threadIdx.x, 0};
  s = t;
  __syncthreads();
  out[threadIdx.x] = s.x;
}
