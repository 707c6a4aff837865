//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: i takes 0 and 2 (i + 2 stays far below 2^32), so thread t
// writes a[4t] and a[4t + 2]; no two threads share a cell.
__global__ void k(int *a)
{
  for (unsigned i = 0; i < 4; i += 2u)
    a[4 * threadIdx.x + i] = threadIdx.x;
}
