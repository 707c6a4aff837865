//--blockDim=[64] --gridDim=[1]
// expect: known-alarm
// expected: DRF (//pass), but mapcheck raises an alarm: see docs/corpus.md
// Race-free: the user's Log::operator+= and Log::operator= write
// s[threadIdx.x], the calling thread's own cell; after the barrier thread t
// reads s[t] and writes a[t].  The alarm: `return *this` reads the object
// through `this`, which is not modelled (an access anywhere).
__shared__ int s[64];

struct Log {
  int last;
  __device__ Log &operator+=(int v) { s[threadIdx.x] = v; return *this; }
  __device__ Log &operator=(int v) { s[threadIdx.x] = v; return *this; }
};

__global__ void k(int *a)
{
  Log log;
  log += threadIdx.x;
  log = threadIdx.x;
  __syncthreads();
  a[threadIdx.x] = s[threadIdx.x];
}
