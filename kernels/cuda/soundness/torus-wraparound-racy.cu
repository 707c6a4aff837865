//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: the twin of precision/torus-wraparound-drf.cu without the second
// barrier: thread 1 reads s[(0 + 64) % 64] = s[0] (its left neighbour)
// while thread 0 writes s[0].
#define N 64
__global__ void ring(int *cells)
{
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = cells[t];
  __syncthreads();
  int left = t - 1, right = t + 1;
  int sum = s[(left + N) % N] + s[(right + N) % N];
  s[t] = sum;
  cells[t] = s[t];
}
