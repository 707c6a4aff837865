//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
// Racy: as struct-element-array-field-drf.cu, but each block also stores
// its thread index into a neighbour entry of the *next* box, which the
// next block reads in the same launch: block 0's thread 1 writes
// boxes[1].nei[1].number while block 1's thread 1 reads it, and no
// barrier orders threads of different blocks.  (Within a block, threads
// 1 and 27 also store their different indices to the same entry.)
typedef struct { int number; long offset; } neighbour;
typedef struct { int count; neighbour nei[26]; } box;

__global__ void gather(box *boxes, int *out)
{
  int bx = blockIdx.x;
  int k = threadIdx.x % 26;
  out[bx * 64 + threadIdx.x] = boxes[bx].nei[k].number;
  if (bx + 1 < 16)
    boxes[bx + 1].nei[k].number = threadIdx.x;
}
