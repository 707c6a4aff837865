//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16]
// Pointer-to-rows parameter, racy: the barrier is missing, so thread
// (x, 0) reads m[r][x] while thread (x, r) scales it.
__global__ void scale_rows(float (*m)[16], float s)
{
  m[threadIdx.y][threadIdx.x] *= s;
  if (threadIdx.y == 0) {
    float acc = 0;
    for (int r = 0; r < 16; r++)
      acc += m[r][threadIdx.x];
    m[16][threadIdx.x] = acc;
  }
}
