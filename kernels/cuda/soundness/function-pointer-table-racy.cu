//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  The operation comes from a table of function pointers the host
// filled.  One function of this file with the table's type, `count`,
// writes the shared cell hits[0] with no synchronisation: if the host put
// `count` in table[which], threads 0 and 1 both write hits[0] in the same
// barrier interval.  A call through a pointer of unknown value must reach
// every function of its type.
typedef int (*op_t)(int);

__shared__ int hits[1];

__device__ int twice(int x) { return 2 * x; }
__device__ int count(int x) { hits[0] = x; return x; }

__device__ op_t table[2];

__global__ void apply(const int *in, int *out, int which)
{
  int i = threadIdx.x;
  op_t f = table[which];
  out[i] = f(in[i]);
}
