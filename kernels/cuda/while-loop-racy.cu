//xfail:NOT_ALL_VERIFIED
//--blockDim=64
// A while loop with an unknown number of iterations that writes the
// neighbour's cell: thread t writes steps[t + 1], thread t + 1 writes
// steps[t + 1] too.
__global__ void walk(int *steps, const int *start)
{
  int v = start[threadIdx.x];
  int k = 0;
  while (v > 1) {
    v = v / 2;
    k++;
  }
  steps[threadIdx.x] = k;
  steps[threadIdx.x + 1] = k;
}
