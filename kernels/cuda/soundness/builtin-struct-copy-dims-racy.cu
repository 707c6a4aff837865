//xfail:NOT_ALL_VERIFIED
// (No launch dimensions on purpose: the kernel may be launched with any.)
// Racy: the kernel reads threadIdx.x and threadIdx.y through the copy i of
// the whole threadIdx, so its dimensions may not default to 1.  Launched
// with blockDim = (64, 2), threads (0, 0) and (0, 1) both write a[0 + 64 *
// (y / 2)] = a[0], with 0 and 1.  (mapcheck took threadIdx.x and .y as
// unused and assumed blockDim = (1, 1, 1): one thread, drf.)
__global__ void k(int *a)
{
  uint3 i = threadIdx;
  a[i.x + 64 * (i.y / 2)] = i.y;
}
