//pass
//--blockDim=64 --gridDim=1
// Race-free: `goto skip` depends on the parameter n only, so all threads
// of the block jump or none does, and all reach the barrier after the
// label.  Before it each thread touches only s[t]; after it, thread t
// reads s[(t + 1) % 64] and writes its own a[t].
__global__ void k(int *a, int n)
{
  __shared__ int s[64];
  unsigned int t = threadIdx.x;
  s[t] = a[t];
  if (n > 4)
    goto skip;
  s[t] += 1;
skip:
  __syncthreads();
  a[t] = s[(t + 1) % 64];
}
