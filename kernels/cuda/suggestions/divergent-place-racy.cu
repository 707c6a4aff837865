//xfail:NOT_ALL_VERIFIED
// suggest-precondition: none
// suggest-fix: none
// The first warp reverses its values through shared memory without a
// barrier: thread t (t < 32) writes s[t] and reads s[31 - t], which
// thread 31 - t writes: racy.  Every place between the two accesses is
// inside `if (t < 32)`, which not every thread of a block of more than 32
// reaches, so a __syncthreads() there would diverge; after the `if` it
// no longer separates them.  No checked fix exists among those places.
__global__ void reverse32(int *out)
{
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  if (t < 32) {
    s[t] = (int)t;
    out[t] = s[31 - t];
  }
}
