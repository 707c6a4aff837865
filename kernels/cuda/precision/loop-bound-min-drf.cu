//pass
//--blockDim=[16,4] --gridDim=[4,8]
// Race-free: block (bx, by) owns rows by*48 .. by*48+47 of a 64-column
// image; its loop over rows stops at min(tile end, height - 1), so no
// block runs into the next block's rows, and within a block thread
// (tx, ty) takes rows ty, ty + 4, ... of the tile and column bx*16 + tx:
// one cell per (row, column), one thread per cell.
#define min(a, b) ((a) < (b) ? (a) : (b))

__global__ void rows(float *out, int height)
{
  const int first = blockIdx.y * 48;
  const int last = min(first + 48 - 1, height - 1);
  for (int y = first + threadIdx.y; y <= last; y += blockDim.y)
    out[y * 64 + blockIdx.x * 16 + threadIdx.x] = (float)y;
}
