//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// Racy: every thread of every block stores its block's index in out[0].
// Within a block the stores agree (benign), but threads of blocks 0 and 1
// store different values in one cell, and nothing orders two blocks.
__global__ void owner(unsigned int *out)
{
  out[0] = blockIdx.x;
}
