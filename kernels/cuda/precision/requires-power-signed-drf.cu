//pass
// Race-free: v = threadIdx.x is an `int` that the requirement makes 0 or a
// power of two, so v is at most 2^30 (the largest power of two an `int`
// holds) and (unsigned)v is never 2^31: no thread writes.  (The values
// the requirement leaves for a signed type stop below its sign bit.)
__global__ void k(unsigned *a)
{
  int v = threadIdx.x;
  __requires((v & (v - 1)) == 0);
  if ((unsigned)v == 2147483648u)
    a[0] = threadIdx.x;
}
