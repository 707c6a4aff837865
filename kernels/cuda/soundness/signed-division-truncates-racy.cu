//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: C's `/` truncates toward zero, so (t - 2) / 2 is 0 for t = 1, 2
// and 3 (-1/2 = 0, 0/2 = 0, 1/2 = 0): threads 1, 2 and 3 all write
// s[0 + 8] with their own ids, unordered.  (A dividend that may be
// negative is not read as a natural number.)
__global__ void halves(int *out)
{
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t >= 1 && t <= 3)
    s[(t - 2) / 2 + 8] = t;
  __syncthreads();
  out[t] = s[t];
}
