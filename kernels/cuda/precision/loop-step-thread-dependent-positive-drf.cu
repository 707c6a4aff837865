//pass
//--blockDim=[64] --gridDim=[1]
// DRF: the step threadIdx.x % 2 + 1 is 1 or 2, never 0, so every thread's
// loop ends, and thread t writes only a[8t + i] for 0 ≤ i < 8: cells no
// other thread writes.
__global__ void k(int *a)
{
  for (int i = 0; i < 8; i += threadIdx.x % 2 + 1)
    a[threadIdx.x * 8 + i] = i;
}
