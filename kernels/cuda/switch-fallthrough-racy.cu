//xfail:NOT_ALL_VERIFIED
//--blockDim=128
// A switch with a missing break: a thread t with t % 4 == 1 writes
// s[t + 1] and falls through into case 2, which is also where thread t + 1
// (t + 1 % 4 == 2) writes s[t + 1]: a write-write race.
__global__ void quarters(int *out)
{
  __shared__ int s[512];
  unsigned int t = threadIdx.x;
  switch (t % 4) {
  case 0:
    s[t] = 1;
    break;
  case 1:
    s[t + 1] = 2;
  case 2:
    s[t] = 3;
    break;
  default:
    break;
  }
  __syncthreads();
  out[t] = s[t];
}
