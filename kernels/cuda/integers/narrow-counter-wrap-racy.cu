//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `i++` on a `short` computes in `int` and converts back, which wraps
// modulo 2^16 (it is not a signed overflow).  Thread 0 steps i = 0, 64, …,
// 32704, then 32704 + 64 = 32768 becomes -32768, which is below the bound,
// so the loop goes on with a negative i and writes a[0] = 0.  Thread 1
// reaches 32705 + 64 → -32767 and writes a[0] = 1.  No barrier orders them.
// (Thread 63 stops exactly at 32767.)  A front end that takes a signed
// counter as never wrapping sees i in [0, 32767) only and answers DRF.
__global__ void k(int *a)
{
  for (short i = threadIdx.x; i < 32767; i += 64) {
    if (i < 0) {
      a[0] = threadIdx.x;
      break;
    }
  }
}
