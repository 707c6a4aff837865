//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: r is a reference to the thread's own struct s, so r.j =
// threadIdx.x sets s.j, and thread t writes a[t] only.
struct Slot {
  int j;
};

__global__ void k(int *a)
{
  Slot s;
  s.j = 0;
  Slot &r = s;
  r.j = threadIdx.x;
  a[s.j] = threadIdx.x;
}
