//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: q = &s[threadIdx.x], so thread t writes only s[t].v before the
// barrier; after the barrier every thread reads s[(t+1)%64].v (reads only).
struct S { int v; int w; };

__global__ void k(int *out)
{
  __shared__ S s[64];
  S *q = &s[threadIdx.x];
  q->v = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64].v;
}
