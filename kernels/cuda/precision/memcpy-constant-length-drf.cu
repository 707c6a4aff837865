//pass
//--blockDim=[64] --gridDim=[4]
// Race-free.  Each thread copies its own 12-byte record (a struct of three
// floats) with memcpy, then clears its own 16-byte slot of `flags` (four
// ints) with memset.  Thread t of block b touches in[i], out[i] and
// flags[4*i .. 4*i + 3] only, for i = b*64 + t: no cell is shared.
#include <string.h>

struct vec3 { float x, y, z; };

__global__ void copy(const vec3 *in, vec3 *out, int *flags)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(&out[i], &in[i], sizeof(vec3));
  memset(&flags[4 * i], 0, 4 * sizeof(int));
}
