//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
// Racy: u.h[t + 32] (shorts) lies in u.a[(t + 32) / 2] = u.a[16 + t / 2]
// (ints), which thread 16 + t / 2 writes, with no barrier in between:
// threads 0 and 16 meet on a[16].  Compared as indices of one array, t + 32
// and the written 0 .. 31 never meet.

__global__ void k(int *out)
{
  __shared__ union {
    int a[32];
    short h[64];
  } u;
  u.a[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = u.h[threadIdx.x + 32];
}
