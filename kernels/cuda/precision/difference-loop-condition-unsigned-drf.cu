//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loops never run.  Their counters are unsigned, so
// `i - 4 < 0` compares an unsigned difference with 0 (converted to
// unsigned): never true, whatever i is.  Only `j - n != 0`
// (difference-loop-condition-drf.cu) may be read as `j != n`; reading
// `i - 4 < 0` as `i < 4` would run four iterations, in each of which
// every thread writes a[0] (b[0]).
__global__ void k(int *a, int *b)
{
  for (unsigned i = 0; i - 4 < 0; i++)
    a[0] = threadIdx.x;
  for (unsigned j = 0; j - 4u < 0u; j++)
    b[0] = threadIdx.x;
}
