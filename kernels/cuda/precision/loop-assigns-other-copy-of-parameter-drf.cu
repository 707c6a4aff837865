//pass
//--blockDim=[64] --gridDim=[1]
// DRF: c is a copy of the parameter p that nothing assigns after, so
// c.n == p.n and thread t writes only a[t].  (The loop assigns s, another
// copy of p: c keeps reading p's launch values.)
struct S {
  int n;
};

__global__ void k(int *a, S p, S z)
{
  S c = p;
  S s = p;
  for (int i = 0; i < 2; i++)
    s = z;
  a[c.n - p.n + threadIdx.x] = s.n;
}
