//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: v is 1 in even threads and 2 in odd ones, so v - 1 is 0 or 1
// and, the two low bits of t << 2 being 0, (t << 2) | (v - 1) is
// 4t + v - 1: thread t writes a[4t] or a[4t + 1], inside 4t..4t+3, which
// no other thread writes.  (Seeing the `|` as a sum needs the range of v
// after the `if`: 1..2.)
__global__ void k(int *a)
{
  int t = threadIdx.x;
  int v;
  if (t % 2 == 0)
    v = 1;
  else
    v = 2;
  a[(t << 2) | (v - 1)] = t;
}
