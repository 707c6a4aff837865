//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: big = 2^32 t + t; (unsigned)big keeps the low 32 bits, which
// are t, so thread t writes a[t] only.
__global__ void k(int *a)
{
  unsigned long long big = 0x100000000ULL * threadIdx.x + threadIdx.x;
  a[(unsigned)big] = threadIdx.x;
}
