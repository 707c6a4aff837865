//pass
//--blockDim=[128] --gridDim=[16]
// Race-free: thread t of block b writes a[p.offset + 128*b + t] and reads
// nothing shared.  The struct is copied by value into `cell` (its implicit,
// defaulted copy constructor copies the members and runs no user code), and
// `fabs` and `fminf` are redeclared the way GPUVerify's pre-processed
// kernels redeclare CUDA's own functions: they are the library functions,
// which touch no memory of the kernel.
struct Params {
  int offset;
  float scale;
};

__device__ float fabs(float);
__device__ float4 fminf(float4, float4);

__device__ int cell(const Params p, int i) { return p.offset + i; }

__global__ void k(Params p, float *a)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = fminf(make_float4(p.scale), make_float4(1.0f));
  a[cell(p, i)] = fabs(v.x);
}
