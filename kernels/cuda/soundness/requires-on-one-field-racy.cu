//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the requirement pins only the .key field (key == t); the kernel
// scatters by the .val field, which may be 0 for every element, so all
// threads write out[0].
struct KV { int key; int val; };
__global__ void k(const KV *p, int *out)
{
  __requires(p[threadIdx.x].key == threadIdx.x);
  out[p[threadIdx.x].val] = threadIdx.x;
}
