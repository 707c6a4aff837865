//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes a[2t], a[2t + 1] (through the int2) and again
// a[2t + 1]; all its own cells.
__global__ void k(int *a)
{
  int2 *p = reinterpret_cast<int2 *>(a);
  p[threadIdx.x] = make_int2(-1, -1);
  a[2 * threadIdx.x + 1] = threadIdx.x;
}
