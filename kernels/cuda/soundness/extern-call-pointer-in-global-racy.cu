//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   extern __device__ float *gp;
//   __device__ void fill(int i) { gp[i] = 1.0f; }
// The kernel stores the address of its shared buffer in the global `gp`
// (through an inlined helper), then every thread calls fill(0): all of
// them write buf[0], a race.
__device__ float *gp;
__device__ void fill(int i);
__device__ void publish(float *p) { gp = p; }

__global__ void k(float *out)
{
  __shared__ float buf[64];
  publish(buf);
  fill(0);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
