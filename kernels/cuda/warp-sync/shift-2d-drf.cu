//pass
//--blockDim=[8,4] --gridDim=1 --warp-sync=32
// Race-free under warp-synchronous execution: the block of 8x4 threads is
// one warp of 32 (linear id x + 8y < 32).  Each thread reads its right
// neighbour a[l + 1] and then, in a later statement, writes a[l]: in
// lock-step every read of the first statement happens before any write of
// the second.  (Thread l = 31 reads a[32], written by no thread.)
__global__ void shift(int *a)
{
  unsigned int l = threadIdx.x + 8 * threadIdx.y;
  int v = a[l + 1];
  a[l] = v;
}
