//pass
//--blockDim=[128] --gridDim=[4]
// Race-free: every loop writes a[4*t + i] for i in 0..3, and 4*t + i
// identifies (t, i); the pragmas (before a blank line, with a count, as
// `_Pragma`) and the statement attributes only guide the compiler.
__global__ void k(float *a)
{
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll

  for (int i = 0; i < 4; i++)
    a[4 * t + i] = 0;
#pragma unroll 2
  for (int i = 0; i < 4; i++)
    a[4 * t + i] += 1;
  _Pragma("unroll") for (int i = 0; i < 4; i++) a[4 * t + i] *= 2;
  if (t < 100) [[likely]] a[4 * t] = 3;
}
