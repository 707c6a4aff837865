//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// The file-scope pointer `p` is set by device code to the kernel's own
// buffer, so it is not an array of its own: threads 0 and 1 both write
// buf[0] (p[threadIdx.x / 2]) with different values, a race.
__device__ float *p;

__device__ void point_at(float *q) { p = q; }

__global__ void k(float *buf)
{
  point_at(buf);
  p[threadIdx.x / 2] = threadIdx.x;
}
