//pass
//--blockDim=[128] --gridDim=[2]
// Race-free.  The device function states GPUVerify-style preconditions
// with pointer questions (`__ptr_offset_bytes`, `__read_implies`,
// `__write_implies`): they are specifications, not memory accesses.  Each
// thread t of block b reads and writes v[b*128 + t] only, its own cell.
__device__ void scale(float *v, unsigned int index)
{
  __requires(__ptr_offset_bytes(v) == 0);
  __requires(__read_implies(v, __read_offset_bytes(v) / sizeof(float) == index));
  __requires(__write_implies(v, __write_offset_bytes(v) / sizeof(float) == index));
  v[index] = v[index] * 2.0f;
}

__global__ void k(float *v)
{
  scale(v, blockIdx.x * blockDim.x + threadIdx.x);
}
