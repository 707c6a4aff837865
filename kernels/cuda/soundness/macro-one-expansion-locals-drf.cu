//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the outer `i` is threadIdx.x, the inner one 64 + threadIdx.x;
// thread t writes a[128 + t] in the block and a[t] after it: distinct
// cells per thread.
#define TMP(v) int i = (v);
#define BODY TMP(threadIdx.x) { TMP(64 + threadIdx.x) a[64 + i] = i; } a[i] = threadIdx.x;

__global__ void k(int *a)
{
  BODY
}
