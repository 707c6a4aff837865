//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: two call sites add to the same counter (by 1 and by 2), so
// every value either returns is distinct from every other, whichever
// thread and site got it (the counter only ever moves up), so no two
// writes of out[a] or out[b] meet.
__global__ void k(unsigned *count, int *out)
{
  unsigned a = atomicAdd(count, 1u);
  out[a] = threadIdx.x;
  unsigned b = atomicAdd(count, 2u);
  out[b] = threadIdx.x;
}
