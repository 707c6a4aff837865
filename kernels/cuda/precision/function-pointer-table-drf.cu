//pass
//--blockDim=[64] --gridDim=[4]
// Race-free.  The operation is picked from a table of function pointers
// the host filled (so mapcheck cannot know its entries).  The only
// functions of this file with the table's type, `twice` and `negate`, are
// pure: they compute from their argument and touch no memory.  Whichever
// one runs, thread t of block b writes out[b*64 + t] only, a cell no other
// thread touches.
typedef int (*op_t)(int);

__device__ int twice(int x) { return 2 * x; }
__device__ int negate(int x) { return -x; }

__device__ op_t table[2];

__global__ void apply(const int *in, int *out, int which)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  op_t f = table[which];
  out[i] = f(in[i]);
}
