//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `keep` stores its pointer in a local copy and writes through the copy:
// i becomes t + 1, so thread t writes out[t] and out[t + 1], the cell
// thread t + 1 writes first: a race.
__device__ void keep(int *r)
{
  int *q = r;
  *q = *q + 1;
}

__global__ void k(int *out)
{
  int i = threadIdx.x;
  out[i] = 0;
  keep(&i);
  out[i] = 1;
}
