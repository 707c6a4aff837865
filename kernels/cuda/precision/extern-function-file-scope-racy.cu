//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `tally` has no body here; another translation unit defines it as
//   __device__ void tally(int v) { hits[v & 7] += 1; }
// (hits is extern: the same array).  Threads 0 and 8 both call tally with
// v & 7 == 0 and increment hits[0] without an atomic: a race.  A function
// without a body reaches file-scope memory, so mapcheck must not answer
// DRF although the kernel itself never indexes `hits`.
extern __device__ int hits[8];
__device__ void tally(int v);

__global__ void count(const int *in, int *out)
{
  int i = threadIdx.x;
  tally(in[i]);
  out[i] = hits[0];
}
