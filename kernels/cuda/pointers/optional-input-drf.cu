// expect: drf
// Twin of optional-input-racy.cu: whether or not the host passes
// `nullptr` for `opt`, each thread writes only a[tid], so no two threads
// of the launch touch one cell (one of them writing).
__global__ void optional_input(int *a, const int *opt)
{
  if (!opt)
    a[threadIdx.x] = 0;
  else
    a[threadIdx.x] = opt[threadIdx.x];
}
