//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Every thread copies the first two ints of the shared buffer
// (8 bytes from &buf[0]: buf[0] and buf[1]) while thread 1 writes buf[1]
// in the same barrier interval: a read-write race on buf[1].
#include <string.h>

__global__ void snapshot(int *out)
{
  __shared__ int buf[64];
  buf[threadIdx.x] = threadIdx.x;
  int mine[2];
  memcpy(mine, &buf[0], 2 * sizeof(int));
  out[threadIdx.x] = mine[0] + mine[1];
}
