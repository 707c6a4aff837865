//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t copies into s[t] only before the barrier; after it,
// reads only.
struct P { int x; int y; };

__global__ void k(int *out)
{
  __shared__ P s[64];
  P t = {(int)threadIdx.x, 0};
  s[threadIdx.x] = t;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64].x;
}
