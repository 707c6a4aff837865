//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the statement after the label `done:` runs in every thread (odd
// threads jump to it, even threads fall into it), so all write a[0]: threads
// 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  if (threadIdx.x & 1) goto done;
  a[64 + threadIdx.x] = 1;
done:
  a[0] = threadIdx.x;
}
