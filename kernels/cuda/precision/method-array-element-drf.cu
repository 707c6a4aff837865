//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  Thread t calls `twice` on cells[t], which calls `reset` on
// the same object (implicit `this`): both read and write cells[t].v only.
struct Cell {
  int v;
  __device__ void reset(int x) { v = x; }
  __device__ void twice() { reset(v * 2); }
};

__global__ void k(Cell *cells)
{
  cells[threadIdx.x].twice();
}
