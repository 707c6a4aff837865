//pass
//--blockDim=256 --gridDim=32
// Race-free: thread 0 decides for the whole block whether its segment
// needs a second pass (a flag in shared memory); after the barrier every
// thread reads the same flag, so all threads of a block take the same
// branch of the conditional with the barrier inside.  Each thread writes
// and reads only its own cell of `buf`, except after the inner barrier,
// where it reads its neighbour's.
__global__ void two_pass(float *data, const int *needs_pass)
{
  __shared__ int again;
  __shared__ float buf[256];
  int i = blockIdx.x * 256 + threadIdx.x;
  buf[threadIdx.x] = data[i];
  if (threadIdx.x == 0)
    again = needs_pass[blockIdx.x];
  __syncthreads();
  if (again) {
    float left = threadIdx.x > 0 ? buf[threadIdx.x - 1] : 0.0f;
    __syncthreads();
    buf[threadIdx.x] += left;
    __syncthreads();
  }
  data[i] = buf[threadIdx.x];
}
