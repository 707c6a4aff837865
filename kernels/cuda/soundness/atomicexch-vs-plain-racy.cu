//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: thread 0 does atomicExch(&a[0], 1) and thread 1 a plain store
// a[0] = 2; an atomic and a non-atomic access to one cell race.
__global__ void k(int *a)
{
  if (threadIdx.x == 0) atomicExch(&a[0], 1);
  if (threadIdx.x == 1) a[0] = 2;
}
