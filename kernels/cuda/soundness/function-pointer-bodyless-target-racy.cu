//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy if the host stores `record` in `op`.  `record` has the pointer's
// type but no body in this file (it is defined in another translation
// unit, linked with -rdc), so nothing is known of what it does: it may
// write out[0] through its pointer argument, from every thread at once.
// The pure `twice` being the only function *with a body* of that type
// must not make the call look harmless.
typedef int (*op_t)(int *, int);

__device__ int record(int *where, int x);
__device__ int twice(int *where, int x) { return 2 * x; }

__device__ op_t op;

__global__ void apply(int *out)
{
  op(out, threadIdx.x);
}
