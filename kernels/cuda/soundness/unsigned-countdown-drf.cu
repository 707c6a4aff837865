//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: i = 3, 2, 1, 0 then wrap ends the loop; thread t writes
// a[4t..4t+3], disjoint across threads.
__global__ void k(int *a)
{
  for (unsigned i = 3; i < 4; i--)
    a[4 * threadIdx.x + i] = threadIdx.x;
}
