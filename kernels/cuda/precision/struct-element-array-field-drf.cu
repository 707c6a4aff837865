//pass
//--blockDim=64 --gridDim=16
// Race-free: an array of boxes in global memory, each with an array of
// neighbours (Rodinia lavaMD's layout).  Block bx only reads box bx's
// fields (boxes[bx].nei[k].number, boxes[bx].count) and writes its own
// 64 cells out[bx * 64 + t]; nothing writes `boxes`.
typedef struct { int number; long offset; } neighbour;
typedef struct { int count; neighbour nei[26]; } box;

__global__ void gather(const box *boxes, int *out)
{
  int bx = blockIdx.x;
  int k = threadIdx.x % 26;
  out[bx * 64 + threadIdx.x] = boxes[bx].nei[k].number + boxes[bx].count;
}
