//xfail:NOT_ALL_VERIFIED
//--gridDim=1 --warp-sync=32
// Racy: the shift of shift-2d-drf.cu on a 2-D block of any shape.  With
// 33 threads or more, the thread of linear id 31 (warp 0) reads a[32] while
// the thread of linear id 32 (warp 1) writes it, unordered.  (blockDim.x is
// symbolic here, so the warp of a thread, (x + blockDim.x * y) / 32, is not
// linear: mapcheck does not apply the mode and says so; the race stands
// either way.)
__global__ void shift(int *a)
{
  unsigned int l = threadIdx.x + blockDim.x * threadIdx.y;
  int v = a[l + 1];
  a[l] = v;
}
