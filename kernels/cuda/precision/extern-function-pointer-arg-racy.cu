//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   __device__ void fill(float *p) { p[0] = 1.0f; }
// Every thread passes the same buffer: all of them write buf[0], a race.
// A function without a body may read and write anything its pointer
// arguments reach.
__device__ void fill(float *p);

__global__ void k(float *out)
{
  __shared__ float buf[64];
  fill(buf);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
