//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: every thread runs the body three times (j = 0, 1, 2, alike in
// all threads), and __syncthreads_or returns one value to the whole block,
// so both loops exit at the same iteration in every thread.  In each
// iteration thread t writes s[t] before the first barrier and reads its
// neighbour's cell between the barriers.
__global__ void k(int *a)
{
  __shared__ int s[64];
  int j = 0;
  do {
    s[threadIdx.x] = j;
    __syncthreads();
    a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
    j += 1;
  } while (j < 3);
  int i = 0;
  do {
    s[threadIdx.x] = i;
    __syncthreads();
    a[64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
    i++;
  } while (__syncthreads_or(i < 3));
}
