//pass
//--blockDim=64
// A while loop (unknown number of iterations) where each thread only
// touches its own cell.
__global__ void collatz(int *steps, const int *start)
{
  int v = start[threadIdx.x];
  int k = 0;
  while (v != 1) {
    v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
    k++;
    steps[threadIdx.x] = k;
  }
}
