//pass
//--blockDim=[64] --gridDim=[1]
// Race-free for every m the requirement allows, 1..4: m - 1 is in 0..3 and
// the two low bits of t << 2 are 0, so (t << 2) | (m - 1) is 4t + m - 1:
// thread t writes one element of 4t..4t+3, which no other thread writes.
// (Seeing the `|` as a sum needs the bounds the requirement gives m.)
__global__ void k(int *a, int m)
{
  __requires(m > 0 && m < 5);
  int t = threadIdx.x;
  a[(t << 2) | (m - 1)] = t;
}
