//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// Racy: a `do … while` runs its body once even when the condition is
// false at the start (rounds <= 0 here is allowed): every thread then
// writes s[0] with its own id, unordered.  A front end that read the loop
// as `while (r < rounds)` would drop that round when rounds <= 0.
__global__ void once(int *out, int rounds)
{
  __shared__ int s[128];
  int r = 0;
  do {
    s[r] = threadIdx.x;
    r++;
  } while (r < rounds);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
