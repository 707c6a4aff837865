//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Threads 2k and 2k+1 both call `twice` on cells[k]: each reads
// and writes cells[k].v (through `reset`, on the implicit `this`) in the
// same barrier interval.
struct Cell {
  int v;
  __device__ void reset(int x) { v = x; }
  __device__ void twice() { reset(v * 2); }
};

__global__ void k(Cell *cells)
{
  cells[threadIdx.x / 2].twice();
}
