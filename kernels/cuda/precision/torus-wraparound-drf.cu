//pass
//--blockDim=64 --gridDim=1
// Race-free: a ring of 64 cells; thread t reads its left and right
// neighbours with the wrap-around `(x + N) % N` of a signed x = t - 1 or
// t + 1 (so x + N lies in [63, 128], never negative, and the `%` is the
// natural one), then, after a barrier, writes only its own cell.
#define N 64
__global__ void ring(int *cells)
{
  __shared__ int s[N];
  int t = threadIdx.x;
  s[t] = cells[t];
  __syncthreads();
  int left = t - 1, right = t + 1;
  int sum = s[(left + N) % N] + s[(right + N) % N];
  __syncthreads();
  s[t] = sum;
  cells[t] = s[t];
}
