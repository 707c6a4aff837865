//pass
//--blockDim=64 --gridDim=16 --no-inline --no-infer --only-intra-group
// A kernel annotated for GPUVerify: preconditions, loop invariants on the
// accesses (`__write_implies`, `__write_offset_bytes`), `__implies`,
// `__is_pow2`, `__assert` on `__no_read`, and a file-scope axiom.  The
// loop writes a[j] for j = tid, tid + 64, … below n: the cells written by
// two threads of a block differ modulo 64 and those of two blocks are in
// separate ranges [blockIdx.x * n, (blockIdx.x + 1) * n).
#include <cuda.h>

__axiom(blockDim.x == 64);

__global__ void fill(int *a, int n) {
  __requires(n == 1024);
  __requires(__is_pow2(n));
  __requires(__implies(n > 0, n % 64 == 0));
  int *base = a + blockIdx.x * n;
  for (int j = threadIdx.x;
       __invariant(__write_implies(a, (__write_offset_bytes(a) / sizeof(int)) % 64 == threadIdx.x)),
       __invariant(__no_read(a)),
       j < n; j += 64) {
    base[j] = j;
  }
  __assert(__no_read(a));
  __ensures(__implies(__enabled(), true));
}
