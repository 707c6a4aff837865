//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `store<0>` (an instance of a function template, so not a
// function mapcheck sees by itself) has the pointer's type and writes
// out[N] = out[0] from every thread; the kernel `prepare` puts its address
// in `op`, and the host may launch `apply` after it.  Then threads 0 and 1
// of `apply` both write out[0] in one barrier interval.
typedef void (*op_t)(int *, int);

template <int N>
__device__ void store(int *out, int x) { out[N] = x; }
__device__ void own(int *out, int x) { out[x] = x; }

__device__ op_t op;

__global__ void prepare() { op = store<0>; }

__global__ void apply(int *out)
{
  op(out, threadIdx.x);
}
