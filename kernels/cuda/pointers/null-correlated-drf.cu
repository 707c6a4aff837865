// expect: drf
// `if (w)` and `if (!w)` test one fact of the launch, so exactly one of
// the two branches runs, in every thread alike: either each thread writes
// out[tid], or each writes out[tid + 1].  Either way the cells written are
// distinct per thread.  (Were the two tests independent, thread t's
// out[t + 1] would meet thread t + 1's out[t + 1].)
__global__ void correlated(int *out, const int *w)
{
  if (w)
    out[threadIdx.x] = w[threadIdx.x];
  if (!w)
    out[threadIdx.x + 1] = 0;
}
