//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   extern __device__ float **slots_seen;   // the host set it to `slots`
//   __device__ void fill(int i) { slots_seen[0][i] = 1.0f; }
// The kernel stores its shared buffer's address in global memory; every
// thread then calls fill(0) and writes buf[0]: a race.  (That the two
// names reach one buffer is memory the kernel itself made reachable, not
// an alias between distinct parameters.)
__device__ void fill(int i);

__global__ void k(float *out, float **slots)
{
  __shared__ float buf[64];
  slots[0] = buf;
  fill(0);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
