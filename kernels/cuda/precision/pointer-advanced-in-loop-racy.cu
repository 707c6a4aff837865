//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: p advances by 1 only, so thread t writes a[t + i] for i = 0..7:
// thread 0 at i = 1 and thread 1 at i = 0 both write a[1] (values 0 and 1),
// unordered.
__global__ void k(float *a)
{
  int t = threadIdx.x;
  float *p = a + t;
  for (int i = 0; i < 8; i++, p += 1)
    *p = t;
}
