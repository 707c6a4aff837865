//xfail:NOT_ALL_VERIFIED
//--blockDim=32
// A device function writing shared memory is inlined: both calls write
// buf[0] from every thread.
__device__ void put(int *buf, int i, int v) { buf[i] = v; }

__global__ void k(int *out)
{
  __shared__ int buf[32];
  put(buf, 0, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
