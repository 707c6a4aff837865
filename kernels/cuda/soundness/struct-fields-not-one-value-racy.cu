//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: fields a and b of one struct element are different cells of
// memory; with a != b threads 0 and 1 both write out[0].
struct S { int a; int b; };
__global__ void k(const S *p, int *out)
{
  unsigned t = threadIdx.x;
  int x = p[t].a;
  int y = p[t].b;
  if (x < y) out[0] = t;
}
