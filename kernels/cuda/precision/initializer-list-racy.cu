//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: as initializer-list-drf.cu without the barrier: thread 0 reads
// s[1] in the initializer list while thread 1 writes s[1].  The reads in
// an initializer list are accesses like any other.
struct pair { float a, b; };
__global__ void gather(pair *out, const float *in)
{
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x == 0) {
    pair t = {s[0], s[1]};
    out[0] = t;
  }
}
