//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: unsigned _BitInt(7) holds 0..127, so c = threadIdx.x for the 64
// threads and each thread writes its own a[t].  mapcheck does not model
// _BitInt: a value converted to it is unknown.
__global__ void k(int *a)
{
  unsigned _BitInt(7) c = threadIdx.x;
  a[c] = threadIdx.x;
}
