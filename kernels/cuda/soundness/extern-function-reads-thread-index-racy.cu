//xfail:NOT_ALL_VERIFIED
//--gridDim=1
// Racy with blocks of more than one row: `row`, defined in another file,
// may return threadIdx.y (it does in this program), so the threads (x, 0)
// and (x, 1) write out[x] with different values.  The kernel names no y
// index itself, but a function without a body here may read any: the
// block's y dimension must not default to 1 on its account.

extern __device__ int row();

__global__ void k(int *out)
{
  out[threadIdx.x] = row();
}
