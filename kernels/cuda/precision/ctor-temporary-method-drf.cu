//pass
//--blockDim=[256] --gridDim=[64]
// Race-free.  A method called on a temporary the constructor builds:
// Slot(g).put(out, v) writes out[g] for the thread's global index g =
// blockIdx.x * 256 + threadIdx.x, one cell per thread.
struct Slot {
  int i;
  __device__ Slot(int t) : i(t) {}
  __device__ void put(float *out, float v) { out[i] = v; }
};

__global__ void k(float *out)
{
  Slot(blockIdx.x * blockDim.x + threadIdx.x).put(out, 1.0f);
}
