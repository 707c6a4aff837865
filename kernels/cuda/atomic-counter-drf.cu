//pass
//--blockDim=256
// Count matches with a shared atomic counter, read after a barrier; also
// atomicMax and atomicMin on another shared scalar pair.
__global__ void count(const int *flags, int *out)
{
  __shared__ int counter;
  __shared__ int hi, lo;
  if (threadIdx.x == 0) {
    counter = 0;
    hi = 0;
    lo = 1 << 30;
  }
  __syncthreads();
  int f = flags[blockIdx.x * blockDim.x + threadIdx.x];
  if (f)
    atomicAdd(&counter, 1);
  atomicMax(&hi, f);
  atomicMin(&lo, f);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = counter;
    out[3 * blockIdx.x + 1] = hi;
    out[3 * blockIdx.x + 2] = lo;
  }
}
