//pass
//--blockDim=[256] --gridDim=[64]
// Race-free.  The constructor stores the thread's global index g =
// blockIdx.x * 256 + threadIdx.x in the field `i` (its initialiser list)
// and 1 in `step` (its default member initialiser); the write out[p.i]
// and, after `p = Slot(p.i + p.step * 0)`, out[q.i + 16384] are at g and
// g + 16384: one cell per thread in each half of the 64 * 256 * 2 cells.
struct Slot {
  int i;
  int step = 1;
  __device__ Slot(int t) : i(t) {}
};

__global__ void k(float *out)
{
  Slot p(blockIdx.x * blockDim.x + threadIdx.x);
  out[p.i] = 1.0f;
  p = Slot(p.i + p.step * 0);
  Slot q = p;
  out[q.i + 16384] = 2.0f;
}
