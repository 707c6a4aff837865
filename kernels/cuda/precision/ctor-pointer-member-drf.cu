//pass
//--blockDim=[64] --gridDim=[1]
// Race-free.  The constructor keeps a pointer into the shared array
// (member initialiser `p(q)`) and writes through it in its body: thread t
// builds Writer(s + t), so it writes s[t] only; after the barrier it reads
// s[63 - t], written before the barrier by thread 63 - t.
struct Writer {
  int *p;
  __device__ Writer(int *q, int v) : p(q) { *p = v; }
};

__global__ void k(int *out)
{
  __shared__ int s[64];
  Writer w(s + threadIdx.x, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
