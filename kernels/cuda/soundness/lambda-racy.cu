//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the lambda captures a by reference and put(0) writes a[0] in every
// thread: threads 0 and 1 write 0 and 1, unordered.
__global__ void k(int *a)
{
  auto put = [&](int i) { a[i] = threadIdx.x; };
  put(0);
}
