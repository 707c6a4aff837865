//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  Each thread clears 5 bytes from &words[i]: all of words[i] and
// the first byte of words[i + 1] (ints are 4 bytes).  Thread 0 writes a
// byte of words[1] while thread 1 writes all of words[1], unordered.
#include <string.h>

__global__ void clear(int *words)
{
  int i = threadIdx.x;
  memset(&words[i], 0, 5);
}
