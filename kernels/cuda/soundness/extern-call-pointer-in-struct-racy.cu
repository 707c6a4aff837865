//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `fill` has no body here; another translation unit defines it as
//   __device__ void fill(P q) { q.p[0] = 1.0f; }
// Every thread passes a struct holding a pointer to the same shared
// buffer, so all of them write buf[0]: a race.  The call takes no pointer
// argument, but the pointer travels inside the struct.
struct P { float *p; int i; };
__device__ void fill(P q);

__global__ void k(float *out)
{
  __shared__ float buf[64];
  P q;
  q.p = buf;
  q.i = 0;
  fill(q);
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
