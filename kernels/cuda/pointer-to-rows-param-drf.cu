//pass
//--blockDim=[16,16]
// A kernel parameter that points to rows (`float (*m)[16]`) is a 2-D
// array: each thread scales its own element; after a barrier (which orders
// global accesses within a block) thread (x, 0) sums column x into row 16.
__global__ void scale_rows(float (*m)[16], float s)
{
  m[threadIdx.y][threadIdx.x] *= s;
  __syncthreads();
  if (threadIdx.y == 0) {
    float acc = 0;
    for (int r = 0; r < 16; r++)
      acc += m[r][threadIdx.x];
    m[16][threadIdx.x] = acc;
  }
}
