// expect: racy
// An optional input: a host may pass `nullptr` for `opt` (nothing in the
// file launches the kernel, so every pointer it could be given is
// possible).  With `opt == nullptr` every thread writes its own index to
// a[0]: two threads write different values to one cell, a race.  With a
// non-null `opt` each thread writes only its own a[tid].
__global__ void optional_input(int *a, const int *opt)
{
  if (!opt)
    a[0] = threadIdx.x;
  else
    a[threadIdx.x] = opt[threadIdx.x];
}
