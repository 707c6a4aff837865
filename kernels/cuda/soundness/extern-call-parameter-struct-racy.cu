//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   __device__ void fill(Args a) { a.out[0] = 1.0f; }
// Every thread passes the kernel's parameter struct, which holds the
// pointer `out`: all of them write out[0], a race.
struct Args { float *out; int n; };
__device__ void fill(Args a);

__global__ void k(Args a)
{
  fill(a);
  a.out[threadIdx.x + 1] = 2.0f;
}
