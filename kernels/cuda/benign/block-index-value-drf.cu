//pass
//--blockDim=64 --gridDim=8
// Race-free but for benign pairs: the threads of one block store their
// block's index in out[blockIdx.x]; blockIdx.x is the same for all threads
// of a block, and two blocks write different cells.
__global__ void owner(unsigned int *out)
{
  out[blockIdx.x] = blockIdx.x;
}
