//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: both accesses to a[0] are atomics (atomicExch), which never race
// with each other.
__global__ void k(int *a)
{
  if (threadIdx.x == 0) atomicExch(&a[0], 1);
  if (threadIdx.x == 1) atomicExch(&a[0], 2);
}
