//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: my::atomicAdd is the user's extern function, not CUDA's atomic: it
// may, say, return 0 without adding anything, so that every thread writes
// out[0] (threads 0 and 1 write 0 and 1), unordered.  Its results are no
// tickets.
namespace my {
__device__ int atomicAdd(int *p, int v);
}

__global__ void k(int *count, int *out)
{
  int j = my::atomicAdd(&count[0], 1);
  out[j] = threadIdx.x;
}
