//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: even threads go to the lower half (t / 2 in 0..31), odd
// threads to the upper half (32 + t / 2 in 32..63); j is a permutation of
// the 64 threads, so each cell is written by one thread.
__global__ void deinterleave(int *out)
{
  unsigned int t = threadIdx.x;
  unsigned int j;
  if (t % 2 == 0)
    j = t / 2;
  else
    j = 32 + t / 2;
  out[j] = t;
}
