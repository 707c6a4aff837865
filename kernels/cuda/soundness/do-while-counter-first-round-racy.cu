//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Racy: the twin of precision/do-while-counter-barrier-drf.cu without the
// second barrier.  With rounds >= 2, thread 1 writes s[1] in round 1
// (after the barrier of round 0) while thread 0 reads s[1] in round 0,
// after that same barrier: nothing orders the two.
__global__ void rotate(int *out, int rounds)
{
  __shared__ int s[128];
  unsigned int t = threadIdx.x;
  int v = out[t];
  int r = 0;
  do {
    s[t] = v + r;
    __syncthreads();
    v = s[(t + 1) % 128];
    r++;
  } while (r < rounds);
  out[t] = v;
}
