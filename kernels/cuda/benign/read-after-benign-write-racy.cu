//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// Racy: every thread stores 0 in s[0] (benign among themselves), but
// thread 1 then reads s[0] with no barrier in between, while thread 0 may
// still be storing: a read and a write are never benign (the read may see
// the old value).
__global__ void late(int *out)
{
  __shared__ int s[1];
  s[0] = 0;
  out[threadIdx.x] = s[0];
}
