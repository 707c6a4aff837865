//pass
//--blockDim=[64] --gridDim=[1]
// Race-free: thread t writes a[t] and reads b[t] (b is read-only and does not
// alias a).
__global__ void k(int *__restrict__ a, const int *__restrict__ b)
{
  a[threadIdx.x] = b[threadIdx.x];
}
