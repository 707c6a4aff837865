//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy in CUDA: lanes 0..15 synchronise with __syncwarp(0x0000ffff) and
// then read s[t + 16], written by lanes 16..31, which the mask does not
// name and which reach no barrier at all.  Thread 16 writes s[16]; thread 0
// reads s[16] after its partial barrier; __syncwarp(mask) orders only the
// lanes named in the mask, so nothing orders thread 16's write before
// thread 0's read.
__global__ void outside(const int *in, int *out)
{
  __shared__ int s[32];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  if (t < 16) {
    __syncwarp(0x0000ffff);
    out[t] = s[t + 16];
  }
}
