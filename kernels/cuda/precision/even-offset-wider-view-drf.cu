//pass
//--blockDim=[32] --gridDim=[8]
// Race-free: block b, thread t views the shorts from p + 64b + 2t as one
// int: ints 32b + t of the array (every term of the short offset is even,
// so the division by 2 is exact), distinct across all threads of all
// blocks.
__global__ void k(short *p)
{
  int *q = (int *)(p + blockIdx.x * 64 + threadIdx.x * 2);
  q[0] = threadIdx.x;
}
