//xfail:NOT_ALL_VERIFIED
//--blockDim=[64] --gridDim=[1]
// Racy: `log += threadIdx.x` and `log = threadIdx.x` call the user's
// Log::operator+= and Log::operator= (not a member-wise assignment of the
// local `log`): both write s[0] in every thread, so threads 0 and 1 write
// 0 and 1 there, unordered (the barrier comes after).
__shared__ int s[64];

struct Log {
  int last;
  __device__ Log &operator+=(int v) { s[0] = v; return *this; }
  __device__ Log &operator=(int v) { s[0] = v; return *this; }
};

__global__ void k(int *a)
{
  Log log;
  log += threadIdx.x;
  log = threadIdx.x;
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}
