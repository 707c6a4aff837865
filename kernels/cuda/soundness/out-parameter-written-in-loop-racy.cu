//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `bump` adds 1 to *r twice, in a loop: i goes from 2t to 2t + 2.  Thread
// t writes out[2t] and then out[2t + 2], which thread t + 1 writes first:
// a race.  Read as a single write (i still 2t), each thread would write
// only out[2t], twice.
__device__ void bump(int *r, int n)
{
  for (int j = 0; j < n; j++)
    *r += 1;
}

__global__ void k(int *out)
{
  int i = 2 * threadIdx.x;
  out[i] = 0;
  bump(&i, 2);
  out[i] = 1;
}
