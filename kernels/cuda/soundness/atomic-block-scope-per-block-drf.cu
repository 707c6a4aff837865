//pass
//--blockDim=[64] --gridDim=[4]
// Race-free: atomicAdd_block is atomic among the threads of one block, and
// each block updates only its own cell count[blockIdx.x]; threads of
// different blocks never touch the same cell.
__global__ void k(unsigned *count)
{
  atomicAdd_block(&count[blockIdx.x], 1);
}
