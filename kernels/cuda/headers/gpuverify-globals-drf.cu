//pass
//--blockDim=64 --gridDim=4
// Written for GPUVerify's headers rather than nvcc's: the file defines a
// 32-bit `size_t` of its own, and its kernel uses a file-scope array
// declared without `__device__` (GPUVerify takes it as device memory, and
// so does mapcheck).  Thread t of block b writes table[b * 64 + t] only:
// distinct threads write distinct cells, and nothing reads them.
typedef unsigned int size_t;

int table[256];

__global__ void fill(size_t n) {
  table[blockIdx.x * blockDim.x + threadIdx.x] = n;
}
