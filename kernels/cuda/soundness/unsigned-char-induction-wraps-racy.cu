//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy because an unsigned char wraps: thread t writes a[c] with c = t,
// t + 100, t + 200 and (t + 300) mod 256 = t + 44 in its four iterations.
// Thread 0 writes a[44] in its fourth iteration, thread 44 in its first:
// unordered (they write different values).  Without the wrap-around the
// cells t + 300 would be beyond every other thread's.
__global__ void k(int *a)
{
  unsigned char c = threadIdx.x;
  for (int i = 0; i < 4; i++) {
    a[c] = threadIdx.x;
    c += 100;
  }
}
