//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: v is -1 in thread 0 and 0 in every other thread, so thread 0
// writes a[0 + 1 - 1] = a[0] and thread t >= 1 writes a[t + 1], in 2..64:
// each element is written by one thread.  (A v that could be 0 or 1 in
// any thread would let threads 1 and 2 both write a[3]: the value after
// the `if` must keep its negative alternative.)
__global__ void k(int *a)
{
  int t = threadIdx.x;
  int v;
  if (t == 0)
    v = -1;
  else
    v = 0;
  a[t + 1 + v] = t;
}
