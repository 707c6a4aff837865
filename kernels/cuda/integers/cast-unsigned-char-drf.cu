//pass
//--blockDim=[256] --gridDim=[1]
// Race-free: threadIdx.x < 256, so (unsigned char)threadIdx.x is threadIdx.x
// itself and every thread writes its own cell.
__global__ void k(int *a)
{
  a[(unsigned char)threadIdx.x] = threadIdx.x;
}
