//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// `next` moves i by one through an out-parameter, once per iteration of
// the kernel's loop: thread t writes out[t] and then out[t + 1], which
// thread t + 1 writes in its first iteration: a race.  Kept at its first
// value, i would make each thread write only out[t].
__device__ void next(int *r)
{
  *r = *r + 1;
}

__global__ void k(int *out)
{
  int i = threadIdx.x;
  for (int j = 0; j < 2; j++) {
    out[i] = j;
    next(&i);
  }
}
