//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   __device__ void fill(float **q) { (*q)[0] = 1.0f; }
// Each thread passes the address of its own local pointer, which points
// to the shared buffer: all of them write buf[0], a race.
__device__ void fill(float **q);

__global__ void k(float *out)
{
  __shared__ float buf[64];
  float *p = buf;
  fill(&p);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
