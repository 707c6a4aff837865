//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: a rotation meant to stay inside each warp, but the index forgets
// the warp: thread t reads s[(t + 1) % 64].  Thread 31 (warp 0) reads
// s[32], which thread 32 (warp 1) writes before the __syncwarp(); the only
// barrier between the write and the read is __syncwarp(), which orders the
// lanes of one warp, not threads 31 and 32.  (Likewise thread 63 reads
// s[0], written by thread 0.)  Every other pair (t + 1, t) is in one warp
// and ordered.
__global__ void rotate(const int *in, int *out)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = in[t];
  __syncwarp();
  out[t] = s[(t + 1) % 64];
}
