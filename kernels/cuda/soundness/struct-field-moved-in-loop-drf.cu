//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: the loop reads the field s.j but never assigns it, so it holds
// t in every iteration: thread t writes a[t + 64·i], each index once.
struct S {
  int j;
};

__global__ void k(int *a)
{
  S s;
  s.j = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    a[s.j + 64 * i] = threadIdx.x;
  }
}
