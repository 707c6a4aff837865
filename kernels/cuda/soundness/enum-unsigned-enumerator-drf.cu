//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: ALL_LANES is 4294967295 (an unsigned enumeration), and no
// threadIdx.x exceeds it, so no thread writes a[0]; each writes a[1 + t].
enum E : unsigned { ALL_LANES = 0xffffffffu };

__global__ void k(int *a)
{
  if (threadIdx.x > ALL_LANES)
    a[0] = threadIdx.x;
  a[1 + threadIdx.x] = threadIdx.x;
}
