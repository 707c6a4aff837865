//xfail:NOT_ALL_VERIFIED
//--blockDim=[512] --gridDim=[1]
// Racy: u.c is the low byte of u.i = t, that is t % 256, so threads 0 and
// 256 both write a[0] (values 0 and 256), unordered.  (Read back as t, the
// index would differ in every thread.)
union U {
  unsigned int i;
  unsigned char c;
};

__global__ void k(int *a)
{
  U u;
  u.i = threadIdx.x;
  a[u.c] = threadIdx.x;
}
