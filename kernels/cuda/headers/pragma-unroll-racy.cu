//xfail:NOT_ALL_VERIFIED
//--blockDim=[128] --gridDim=[4]
// Racy: the unrolled loop writes a[t + i] for i in 0..3, so thread t's write
// of a[t + 1] (i = 1) meets thread t + 1's write of a[t + 1] (i = 0).  The
// race is only inside the loop under `#pragma unroll`: a front end that
// dropped the attributed statement would see no access at all.
__global__ void k(float *a)
{
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < 4; i++)
    a[t + i] = i;
}
