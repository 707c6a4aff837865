//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1 --warp-sync=32
// Racy under warp-synchronous execution: all 32 threads are one warp, and
// in one statement threads 2j and 2j+1 both write s[j] with different
// values (their own ids).  Lock-step orders statements, not the threads of
// one store: memory keeps one of the two values, whichever the hardware
// picks.
__global__ void pairs(int *out)
{
  __shared__ int s[16];
  unsigned int t = threadIdx.x;
  s[t / 2] = t;
  __syncthreads();
  if (t < 16) out[t] = s[t];
}
