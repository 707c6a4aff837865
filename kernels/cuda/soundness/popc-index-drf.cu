//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: __popc(t) % 8 is in 0..7, so thread t writes in its own block
// a[8t .. 8t + 7]; blocks of different threads are disjoint.
__global__ void k(int *a)
{
  a[8 * threadIdx.x + __popc(threadIdx.x) % 8] = threadIdx.x;
}
