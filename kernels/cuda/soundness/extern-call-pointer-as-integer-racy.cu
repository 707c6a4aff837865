//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   __device__ void fill(unsigned long long a) { ((float *)a)[0] = 1.0f; }
// Every thread hands it the address of the same shared buffer as an
// integer, so all of them write buf[0]: a race.
__device__ void fill(unsigned long long a);

__global__ void k(float *out)
{
  __shared__ float buf[64];
  unsigned long long a = (unsigned long long)buf;
  fill(a);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
