//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy.  `(unsigned char)(n - 1) == 0` holds for n = 1, but also for
// n = 257, 513, ...: the cast keeps the low 8 bits of n - 1.  With
// n = 257 every thread t < 64 writes a[t / 257] = a[0].  Read without the
// cast, as n - 1 == 0, the requirement would fix n = 1, where each thread
// writes a[t], its own cell.
__global__ void k(int *a, unsigned n)
{
  __requires((unsigned char)(n - 1) == 0);
  a[threadIdx.x / n] = threadIdx.x;
}
