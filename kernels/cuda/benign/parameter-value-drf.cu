//pass
//--blockDim=256 --gridDim=1
// Race-free but for benign pairs: every thread stores n + 1, computed
// from the kernel parameter n only (the same launch value for every
// thread), in out[0].  n is unsigned, so n + 1 is computed exactly modulo
// 2^32 by every thread alike.
__global__ void size(unsigned int *out, unsigned int n)
{
  out[0] = n + 1;
}
