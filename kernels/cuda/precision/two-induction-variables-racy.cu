//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: the second induction variable j steps by 1 while i steps by 64, so
// in iteration m thread t writes out[t + m]: thread 1 in iteration 0 and
// thread 0 in iteration 1 both write out[1] (no barrier orders them).
__global__ void k(float *out)
{
  int t = threadIdx.x;
  for (int i = t, j = t; i < 256; i += 64, j += 1)
    out[j] = i;
}
