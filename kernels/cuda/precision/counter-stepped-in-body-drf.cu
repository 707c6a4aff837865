//pass
//--blockDim=[64] --gridDim=[1]
// Race-free (the binomial-tree walk): the inner loop's counter k moves
// only by the top-level `k--` statements of its body, from a value every
// thread computes alike (min of loop variables and constants), so all
// threads leave the loop at the same iteration and reach the same
// barriers.  In each half-step the threads read one array and write the
// other, each its own cell (t), with barriers between the halves; reads
// of cell t + 1 are of the array not written in that half.
#define CACHE 64
__global__ void walk(float *out, int steps)
{
  __shared__ float a[CACHE + 1];
  __shared__ float b[CACHE + 1];
  int t = threadIdx.x;
  for (int i = steps; i > 0; i -= 16) {
    int start = min(CACHE - 1, i);
    int end = start - 16;
    __syncthreads();
    if (t <= start)
      a[t] = out[t];
    for (int k = start - 1; k >= end;) {
      __syncthreads();
      b[t] = a[t] + a[t + 1];
      k--;
      __syncthreads();
      a[t] = b[t] + b[t + 1];
      k--;
    }
    __syncthreads();
    if (t <= end)
      out[t] = a[t];
  }
}
