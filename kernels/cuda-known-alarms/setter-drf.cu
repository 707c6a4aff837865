//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: thread t sets only c[t].v before the barrier; after it, reads
// only.
struct Cell {
  int v;
  __device__ void set(int x) { v = x; }
};

__global__ void k(int *out)
{
  __shared__ Cell c[64];
  c[threadIdx.x].set(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = c[(threadIdx.x + 1) % 64].v;
}
