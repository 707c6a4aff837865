//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: b.put(0, t) runs d[0] = t with d == a, so every thread writes a[0];
// threads 0 and 1 write 0 and 1, unordered.
struct Buf {
  int *d;
  __device__ void put(int i, int v) { d[i] = v; }
};

__global__ void k(int *a)
{
  Buf b = {a};
  b.put(0, threadIdx.x);
}
